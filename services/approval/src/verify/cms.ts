import { createHash, verify as verifySignature, X509Certificate } from 'node:crypto';
import { bytesOf, children, contentOf, DerError, oidOf, readTlv, timeOf, type Tlv } from './der';

/**
 * The CMS (PKCS#7) SignedData of a PDF signature, read and checked with node's crypto: the signer's certificate
 * (the one whose issuer and serial number the SignerInfo names), the digest the signed attributes carry
 * (messageDigest), the signing time, and whether the signature over the signed attributes verifies with the
 * certificate's public key. Detached signatures only (the content is the PDF's ByteRange).
 */
export interface CmsSignature {
  /** the signer's certificate as DER */
  certificate: Uint8Array;
  /** SHA-256 of that DER, hex */
  fingerprint: string;
  subject: string;
  /** node's hash name of the digest algorithm ('sha256') */
  digestAlgorithm: string;
  /** the messageDigest attribute: the digest of the signed bytes the signer saw */
  messageDigest: Uint8Array;
  signingTime: Date | null;
  /** the signature over the signed attributes verifies with the certificate's key */
  signatureVerifies: boolean;
}

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
};
const DIGESTS: Record<string, string> = {
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

/** serial number and issuer of a certificate (tbsCertificate's second and fourth fields, after the optional version) */
function serialAndIssuer(der: Uint8Array): { serial: Uint8Array; issuer: Uint8Array } {
  const cert = readTlv(der, 0);
  const tbs = children(der, cert)[0];
  const f = children(der, tbs);
  const i = f[0]?.tag === 0xa0 ? 1 : 0;
  if (!f[i] || !f[i + 2]) throw new DerError('bad certificate');
  return { serial: contentOf(der, f[i]), issuer: bytesOf(der, f[i + 2]) };
}

/** Parses the DER of a detached CMS SignedData; throws DerError when it is not one. */
export function readCms(der: Uint8Array): CmsSignature {
  const ci = readTlv(der, 0);
  const [type, wrapped] = children(der, ci);
  if (!type || oidOf(der, type) !== OID.signedData || !wrapped || wrapped.tag !== 0xa0) throw new DerError('not a SignedData');
  const sd = children(der, children(der, wrapped)[0]);
  const certsNode = sd.find((t) => t.tag === 0xa0);
  const signerInfos = sd[sd.length - 1];
  if (!certsNode || !signerInfos || signerInfos.tag !== 0x31) throw new DerError('no certificates or signer');
  const certs = children(der, certsNode).map((t) => bytesOf(der, t));
  const infos = children(der, signerInfos);
  if (infos.length !== 1) throw new DerError('exactly one signer expected');
  const si = children(der, infos[0]);
  const [, sid, digestAlg] = si;
  if (!sid || sid.tag !== 0x30 || !digestAlg) throw new DerError('unsupported signer identifier');
  const [sidIssuer, sidSerial] = children(der, sid);
  const certificate = certs.find((c) => {
    const x = serialAndIssuer(c);
    return same(x.serial, contentOf(der, sidSerial)) && same(x.issuer, bytesOf(der, sidIssuer));
  });
  if (!certificate) throw new DerError('the signer certificate is not in the signature');
  const digestAlgorithm = DIGESTS[oidOf(der, children(der, digestAlg)[0])];
  if (!digestAlgorithm) throw new DerError('unsupported digest algorithm');
  const attrs = si.find((t) => t.tag === 0xa0);
  const signature = si.find((t) => t.tag === 0x04);
  if (!attrs || !signature) throw new DerError('no signed attributes');
  let messageDigest: Uint8Array | null = null;
  let signingTime: Date | null = null;
  for (const a of children(der, attrs)) {
    const [oid, values] = children(der, a);
    const first: Tlv | undefined = values ? children(der, values)[0] : undefined;
    if (!oid || !first) continue;
    const o = oidOf(der, oid);
    if (o === OID.messageDigest && first.tag === 0x04) messageDigest = contentOf(der, first);
    if (o === OID.signingTime) signingTime = timeOf(der, first);
  }
  if (!messageDigest) throw new DerError('no messageDigest attribute');
  // the signature covers the attributes encoded as a SET (tag 0x31), not as the [0] they are stored under
  const signed = Buffer.from(bytesOf(der, attrs));
  signed[0] = 0x31;
  let x509: X509Certificate;
  try {
    x509 = new X509Certificate(Buffer.from(certificate));
  } catch {
    throw new DerError('unreadable certificate');
  }
  let signatureVerifies = false;
  try {
    signatureVerifies = verifySignature(digestAlgorithm, signed, x509.publicKey, Buffer.from(contentOf(der, signature)));
  } catch {
    signatureVerifies = false;
  }
  return {
    certificate,
    fingerprint: createHash('sha256').update(certificate).digest('hex'),
    subject: x509.subject.replace(/\n/g, ', '),
    digestAlgorithm,
    messageDigest,
    signingTime,
    signatureVerifies,
  };
}
