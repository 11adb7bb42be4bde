import type { SealVerification } from '@app/contracts';
import type { PdfInspection, SignatureInspection } from './inspect';

/** whose seal a signature is, when its certificate is this platform's seal of an organization */
export interface OurSeal {
  organization: string;
}

/**
 * The answer of a verification (pure, table-tested in verify.spec.ts). The seal is the last signature that is intact
 * and ours (the signatures a document carried before it was approved come earlier); anything after its signed range
 * is "changed after sealing". Without such a seal, the last signature (the one covering the most) says why not.
 */
export function verdictOf(pdf: PdfInspection, oursOf: (s: SignatureInspection) => OurSeal | null): SealVerification {
  const base = { signatures: pdf.signatures.length, organization: null, sealed_at: null, approval: null, signers: [], certificate: null, appended: null, ours: false, seal_intact: false };
  if (!pdf.signatures.length) return { ...base, verdict: 'not_valid', reason: 'no_signature' };
  const byEnd = [...pdf.signatures].sort((a, b) => a.coveredEnd - b.coveredEnd || a.offset - b.offset);
  const seal = byEnd.filter((s) => s.problem === null && oursOf(s)).pop();
  if (!seal) {
    const last = byEnd[byEnd.length - 1];
    return {
      ...base,
      verdict: 'not_valid',
      reason: last.problem ?? 'not_our_seal',
      seal_intact: last.problem === null,
      certificate: last.certificate,
      sealed_at: last.signingTime?.toISOString() ?? null,
      appended: appendedOf(last),
    };
  }
  const ours = oursOf(seal)!;
  const appended = appendedOf(seal);
  const r = seal.record;
  return {
    ...base,
    verdict: appended ? 'changed_after_sealing' : 'valid',
    reason: null,
    seal_intact: true,
    ours: true,
    appended,
    organization: { name: ours.organization },
    sealed_at: seal.signingTime?.toISOString() ?? r?.sealedAt ?? null,
    approval: r ? { title: r.approval.title, document: r.approval.document } : null,
    signers: (r?.signers ?? []).map((s) => ({ order: s.order, step: s.step, name: s.name, guest: s.guest, signed_at: s.signedAt })),
    certificate: seal.certificate,
  };
}

const appendedOf = (s: SignatureInspection): SealVerification['appended'] =>
  s.appended ? { bytes: s.appended.bytes, revisions: s.appended.eofMarkers, xref_sections: s.appended.xrefSections } : null;
