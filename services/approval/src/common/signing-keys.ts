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
import { nameLastSignatureField, SIGNATURE_TEXT_SLOTS, textOfLastSignature } from '../pdf/seal-name';

/** A self-signed certificate and its key, as PKCS#12 (no passphrase: the bytes are sealed at rest). */
export function makeP12(orgName: string, now = new Date()): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  // a name in any script goes in a UTF8String (forge encodes it): as forge's default PrintableString, an Arabic or
  // Cyrillic organization name made a PKCS#12 whose MAC did not verify, so such an organization could not seal at all
  // (@types/node-forge types valueTagClass as an asn1 Class; forge reads it as the value's universal Type)
  const UTF8 = forge.asn1.Type.UTF8 as number as forge.asn1.Class;
  const utf8 = (value: string) => ({ value, valueTagClass: UTF8 });
  const attrs = [
    { name: 'commonName', ...utf8(`${orgName.slice(0, 60) || 'Organization'} approvals`) },
    { name: 'organizationName', ...utf8(orgName.slice(0, 60) || 'Organization') },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, nonRepudiation: true }]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], '', { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** Whether a PKCS#12 with no passphrase opens (its MAC verifies and its bags parse). */
export function p12Opens(p12: Buffer): boolean {
  try {
    forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, '');
    return true;
  } catch {
    // a MAC that does not verify or bags that do not parse: the answer is "does not open"
    return false;
  }
}

/** Seal a PDF: a signature placeholder added with pdf-lib, then a detached CAdES signature over the whole file. */
export async function sealPdf(pdf: Uint8Array, p12: Buffer, info: { name: string; reason: string; location: string; at: Date; fieldName?: string }): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  pdflibAddPlaceholder({
    pdfDoc: doc, ...SIGNATURE_TEXT_SLOTS, contactInfo: '', signingTime: info.at,
    signatureLength: 8192, subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  textOfLastSignature(doc, info);
  // pdfsig prints the field's name: the seal names the signers there (verify/seal-name.ts)
  if (info.fieldName) nameLastSignatureField(doc, info.fieldName);
  const withPlaceholder = Buffer.from(await doc.save({ useObjectStreams: false }));
  return new SignPdf().sign(withPlaceholder, new SealSigner(p12), info.at);
}

/**
 * @signpdf's PKCS#12 signer, with one fix: forge reads a certificate's UTF8String name values as their UTF-8 bytes but
 * encodes them again when it writes the signer's issuer, so for a name outside ASCII the issuer in the signature did
 * not match the certificate's and no verifier could find the signer's certificate. The issuer is handed over decoded.
 */
class SealSigner extends P12Signer {
  constructor(private readonly p12: Buffer) {
    super(p12, { passphrase: '' });
  }

  override async sign(pdf: Buffer, signingTime?: Date): Promise<Buffer> {
    const bags = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(this.p12.toString('binary'))), false, '');
    const privateKey = bags.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0]?.key as forge.pki.rsa.PrivateKey | undefined;
    const certificate = bags.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag]?.[0]?.cert;
    if (!privateKey || !certificate) throw new Error('the sealing key has no key or no certificate');
    // addSigner takes the issuer from the certificate; the certificate's own bytes are kept as read (forge writes its
    // parsed TBSCertificate back as it was), so only the signer's issuer sees the decoded values
    for (const a of certificate.issuer.attributes) {
      if ((a.valueTagClass as number | undefined) === forge.asn1.Type.UTF8 && typeof a.value === 'string') a.value = forge.util.decodeUtf8(a.value);
    }
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdf.toString('binary'));
    p7.addCertificate(certificate);
    p7.addSigner({
      key: privateKey, certificate, digestAlgorithm: forge.pki.oids.sha256,
      // the order of these attributes matters to EU validators (as in @signpdf's signer)
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType, value: forge.pki.oids.data },
        { type: forge.pki.oids.signingTime, value: (signingTime ?? new Date()) as unknown as string },
        { type: forge.pki.oids.messageDigest },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
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
    let opened = row ? this.box.reopen(row.sealedP12, orgId) : null;
    if (!row || !opened) throw new Error('the organization signing key cannot be opened (AUTH_SECRET changed?)');
    if (!p12Opens(Buffer.from(opened.plain, 'base64'))) {
      // made before names in any script were encoded right (a non-ASCII name): its MAC never verified, so it never
      // sealed anything. It is replaced (once: the update only replaces the row as read) and read again.
      const from = row.sealedP12;
      await this.db.command(orgId, (s) => s.tx.update(signingKeys).set({ sealedP12: this.box.seal(makeP12(orgName).toString('base64'), orgId), subject: orgName }).where(and(eq(signingKeys.orgId, orgId), eq(signingKeys.sealedP12, from))));
      row = await read();
      opened = row ? this.box.reopen(row.sealedP12, orgId) : null;
      if (!row || !opened) throw new Error('the organization signing key cannot be opened after its repair');
    }
    // opened by AUTH_SECRET_PREVIOUS only (a rotation): kept from now on sealed under the current key
    const resealed = opened.resealed;
    if (resealed) {
      const from = row.sealedP12;
      await this.db.command(orgId, (s) => s.tx.update(signingKeys).set({ sealedP12: resealed }).where(and(eq(signingKeys.orgId, orgId), eq(signingKeys.sealedP12, from))));
    }
    return Buffer.from(opened.plain, 'base64');
  }

  async seal(orgId: string, orgName: string, pdf: Uint8Array, o: { at?: Date; fieldName?: string } = {}): Promise<Buffer> {
    return sealPdf(pdf, await this.p12(orgId, orgName), { name: orgName, reason: 'Approval completed', location: orgName, at: o.at ?? new Date(), fieldName: o.fieldName });
  }
}
