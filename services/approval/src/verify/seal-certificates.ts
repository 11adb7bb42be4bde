import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { CONFIG, SecretBox } from '@app/platform';
import { ApprovalDb } from '../common/approval-db';
import type { ApprovalConfig } from '../config';
import { signingKeys } from '../db/schema';

/** The SHA-256 (hex) of the DER of the certificate a PKCS#12 (no passphrase) holds. */
export function certificateFingerprint(p12: Buffer): string {
  const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), '');
  const cert = parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0]?.cert;
  if (!cert) throw new Error('the sealing key holds no certificate');
  return createHash('sha256').update(Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary')).digest('hex');
}

/**
 * The fingerprint of each organization's seal certificate, read-only (a verification never makes a key: an
 * organization without one has sealed nothing). Kept in memory once read: a seal key is never replaced.
 */
@Injectable()
export class SealCertificates {
  private readonly box: SecretBox;
  private readonly cache = new Map<string, string | null>();

  constructor(private readonly db: ApprovalDb, @Inject(CONFIG) config: ApprovalConfig) {
    this.box = new SecretBox(config.AUTH_SECRET!, 'approval-signing-key', config.AUTH_SECRET_PREVIOUS);
  }

  async fingerprintOf(orgId: string): Promise<string | null> {
    if (this.cache.has(orgId)) return this.cache.get(orgId)!;
    const row = await this.db.tenant(orgId, async (s) => (await s.tx.select({ sealedP12: signingKeys.sealedP12 }).from(signingKeys).where(eq(signingKeys.orgId, orgId)))[0] ?? null);
    if (!row) return null;
    const plain = this.box.open(row.sealedP12, orgId);
    const fp = plain ? certificateFingerprint(Buffer.from(plain, 'base64')) : null;
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(orgId, fp);
    return fp;
  }
}
