import { Inject, Injectable } from '@nestjs/common';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
/** PAdES: the ETSI CAdES detached sub-filter (@signpdf/utils' SUBFILTER_ETSI_CADES_DETACHED) */
const SUBFILTER_ETSI_CADES_DETACHED = 'ETSI.CAdES.detached';
import { and, eq } from 'drizzle-orm';
import { CONFIG, SecretBox } from '@app/platform';
import { ApprovalDb } from './approval-db';
import type { ApprovalConfig } from '../config';
import { signingKeys } from '../db/schema';
import { nameLastSignatureField } from '../pdf/seal-name';

/** A self-signed certificate and its key, as PKCS#12 (no passphrase: the bytes are sealed at rest). */
export function makeP12(orgName: string, now = new Date()): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  const attrs = [
    { name: 'commonName', value: `${orgName.slice(0, 60) || 'Organization'} approvals` },
    { name: 'organizationName', value: orgName.slice(0, 60) || 'Organization' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, nonRepudiation: true }]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], '', { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** Seal a PDF: a signature placeholder added with pdf-lib, then a detached CAdES signature over the whole file. */
export async function sealPdf(pdf: Uint8Array, p12: Buffer, info: { name: string; reason: string; location: string; at: Date; fieldName?: string }): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: doc, reason: info.reason, contactInfo: '', name: info.name, location: info.location, signingTime: info.at,
    signatureLength: 8192, subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  // pdfsig prints the field's name: the seal names the signers there (verify/seal-name.ts)
  if (info.fieldName) nameLastSignatureField(doc, info.fieldName);
  const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(withPlaceholder, new P12Signer(p12, { passphrase: '' }), info.at);
}

/**
 * Each organization's sealing key: made at first use, kept as PKCS#12 sealed with a key derived from AUTH_SECRET
 * (SecretBox, purpose 'approval-signing-key', bound to the organization), never leaving this service.
 */
@Injectable()
export class SigningKeys {
  private readonly box: SecretBox;
  constructor(private readonly db: ApprovalDb, @Inject(CONFIG) config: ApprovalConfig) {
    this.box = new SecretBox(config.AUTH_SECRET!, 'approval-signing-key', config.AUTH_SECRET_PREVIOUS);
  }

  async p12(orgId: string, orgName: string): Promise<Buffer> {
    const read = () => this.db.tenant(orgId, async (s) => (await s.tx.select().from(signingKeys).where(eq(signingKeys.orgId, orgId)))[0] ?? null);
    let row = await read();
    if (!row) {
      const p12 = makeP12(orgName);
      await this.db.command(orgId, (s) =>
        s.tx.insert(signingKeys).values({ orgId, sealedP12: this.box.seal(p12.toString('base64'), orgId), subject: orgName }).onConflictDoNothing(),
      );
      row = await read();
    }
    const opened = row ? this.box.reopen(row.sealedP12, orgId) : null;
    if (!row || !opened) throw new Error('the organization signing key cannot be opened (AUTH_SECRET changed?)');
    // opened by AUTH_SECRET_PREVIOUS only (a rotation): kept from now on sealed under the current key
    if (opened.resealed) {
      const from = row.sealedP12;
      await this.db.command(orgId, (s) => s.tx.update(signingKeys).set({ sealedP12: opened.resealed! }).where(and(eq(signingKeys.orgId, orgId), eq(signingKeys.sealedP12, from))));
    }
    return Buffer.from(opened.plain, 'base64');
  }

  async seal(orgId: string, orgName: string, pdf: Uint8Array, o: { at?: Date; fieldName?: string } = {}): Promise<Buffer> {
    return sealPdf(pdf, await this.p12(orgId, orgName), { name: orgName, reason: 'Approval completed', location: orgName, at: o.at ?? new Date(), fieldName: o.fieldName });
  }
}
