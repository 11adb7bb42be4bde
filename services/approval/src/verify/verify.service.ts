import { Injectable } from '@nestjs/common';
import { AppError, GetOrganization, SEAL_VERIFY_MAX_BYTES, type RequestOf, type SealVerification, type VerifySeal } from '@app/contracts';
import { Bus, Storage } from '@app/platform';
import { inspectPdf, type SignatureInspection } from './inspect';
import { SealCertificates } from './seal-certificates';
import { verdictOf, type OurSeal } from './verdict';

/**
 * approval.v1.verify-seal: reads the uploaded PDF from S3 (bounded), inspects its signatures (pure), and decides
 * which of them is this platform's seal: a signature whose record names an organization is ours when its
 * certificate is that organization's seal certificate; one without a record (sealed before records existed) is
 * checked against the organization of the host it was uploaded on.
 */
@Injectable()
export class VerifyService {
  constructor(private readonly storage: Storage, private readonly certs: SealCertificates, private readonly bus: Bus) {}

  async verify(r: RequestOf<typeof VerifySeal>): Promise<SealVerification> {
    const stat = await this.storage.stat(r.key);
    if (!stat) throw AppError.notFound('file');
    if (stat.size > SEAL_VERIFY_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
    const inspection = inspectPdf(await this.storage.getBuffer(r.key));
    const ours = new Map<SignatureInspection, OurSeal>();
    for (const s of inspection.signatures) {
      if (s.problem !== null || !s.certificate) continue;
      const orgId = s.record?.organization.id ?? r.orgId;
      if ((await this.certs.fingerprintOf(orgId)) !== s.certificate.fingerprint) continue;
      ours.set(s, { organization: s.record?.organization.name ?? (await this.orgName(orgId)) });
    }
    return verdictOf(inspection, (s) => ours.get(s) ?? null);
  }

  private async orgName(orgId: string): Promise<string> {
    const { organization } = await this.bus.request(GetOrganization, { orgId });
    return organization?.name ?? '';
  }
}
