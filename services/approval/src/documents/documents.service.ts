import { Inject, Injectable } from '@nestjs/common';
import {
  AppError, ApprovalMessages as AM, ASSIGNEE_STATUS, DocumentMessages as DM, GetDetails, GetOrganization, SYSTEM_ACTOR,
  type Actor, type ApprovalStatus, type DocumentPlacement, type SigningDocument, type SigningPage, type StoredPlacement,
} from '@app/contracts';
import { Bus, CONFIG, OrgZones } from '@app/platform';
import { ApprovalAccess, type Seen } from '../common/approval-access';
import { ApprovalDb, type Scope } from '../common/approval-db';
import { DocumentStore } from '../common/document-store';
import { refuse, SignDecision } from '../common/sign-decision';
import type { ApprovalConfig } from '../config';
import { ApprovalRepository, type DocumentRow } from '../repositories/approvals.repository';
import { PlacementsRepository, type PlacementRow } from '../repositories/placements.repository';
import { planPlacements, unsignedDocuments, type DocPages } from '../rules/placement-plan';
import { boxOwnerError, saveRefusal } from '../rules/save-rights';
import { nameOf, toSignature } from '../view/approval-view';
import { imageAspect, pageSizes } from './images';

interface Call {
  orgId: string;
  actor: Actor;
  approvalId: number;
  guestId?: number;
  /** the answer to the caller's own signature: a guest link its last signature ended still gets it */
  afterOwnAct?: boolean;
}
interface Client {
  ip: string | null;
  userAgent: string | null;
}
export interface SignInput extends Call, Client {
  comment?: string;
  reason?: string;
  signatureId?: number;
  image?: string;
  stampId?: number;
  stampImage?: string;
  placements: DocumentPlacement[];
}

/** the default box of an image whose proportions are unknown (a box placed before the image is chosen) */
const UNKNOWN_ASPECT = 0.5;

/**
 * The signing page (docs/approval.md#the-signing-page): what it shows, signing with boxes placed on the pages, and
 * saving boxes without signing. Access and the flags are rules/access (loaded by common/approval-access, as for
 * the details), a signature is common/sign-decision; this adds the pages, the placement rules (rules/placement-plan,
 * rules/save-rights) and the stored boxes.
 */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly db: ApprovalDb,
    private readonly repo: ApprovalRepository,
    private readonly boxes: PlacementsRepository,
    private readonly access: ApprovalAccess,
    private readonly signing: SignDecision,
    private readonly store: DocumentStore,
    private readonly bus: Bus,
    private readonly zones: OrgZones,
    @Inject(CONFIG) private readonly config: ApprovalConfig,
  ) {}

  // ---------- reading ----------

  /** 404 for another organization, someone who takes no part, a wrong guest token; 410 for a guest link that ended */
  private see(c: Call): Promise<Seen> {
    return this.db.tenant(c.orgId, (s) => this.access.see(s, c, c.approvalId, c.guestId, false, c.afterOwnAct ? 'none' : 'running'));
  }

  /** the bytes of a document's latest state: what this service wrote last, or the library file as sent */
  private async bytesOf(orgId: string, d: DocumentRow): Promise<{ bytes: Buffer; url: string }> {
    if (d.s3Key) return { bytes: await this.store.readKey(d.s3Key), url: await this.store.presigned(d.s3Key, this.config.APPROVAL_URL_TTL_SECONDS) };
    const item = await this.bus.request(GetDetails, { orgId, actor: SYSTEM_ACTOR, itemId: d.libraryId });
    if (!item.file_url) throw AppError.notFound('document');
    return { bytes: await this.store.readUrl(item.file_url), url: item.file_url };
  }

  private async describe(orgId: string, docs: DocumentRow[]): Promise<SigningDocument[]> {
    return Promise.all(
      docs.map(async (d) => {
        const { bytes, url } = await this.bytesOf(orgId, d);
        return { id: d.id, library_id: d.libraryId, name: d.name, status: d.status as 1 | 2 | 3 | 4, version: d.version, url, pages: await pageSizes(bytes) };
      }),
    );
  }

  private toStored(r: PlacementRow): StoredPlacement {
    return {
      id: r.id, library_id: r.libraryId, assignee_id: r.assigneeId, pageNum: r.pageNum, type: r.type as StoredPlacement['type'],
      px: r.px, py: r.py, width: r.width, height: r.height, pageWidth: r.pageWidth, pageHeight: r.pageHeight, options: r.options as StoredPlacement['options'],
    };
  }

  private async answer(c: Call, v: Seen, documents?: SigningDocument[]): Promise<SigningPage> {
    const approvalId = c.approvalId;
    const [org, docs, signatures, placed] = await Promise.all([
      this.bus.request(GetOrganization, { orgId: c.orgId }),
      documents ?? this.describe(c.orgId, v.docs),
      c.actor.kind === 'user' && c.actor.userId ? this.db.tenant(c.orgId, async (s) => {
        const zone = await this.zones.of(c.orgId);
        return (await this.repo.signaturesOf(s, c.actor.userId!)).map((r) => toSignature(r, zone));
      }) : Promise.resolve([]),
      this.db.tenant(c.orgId, (s) => this.boxes.of(s, approvalId, v.sender ? undefined : v.me ? [v.me.id] : [])),
    ]);
    return {
      id: approvalId, title: v.approval.title, status: v.approval.status as ApprovalStatus, document: docs[0] ?? null, documents: docs,
      can_sign: v.rights.can_sign, can_download: v.rights.can_download, can_save: v.rights.can_save, note: v.rights.note,
      approval_mode: org.organization?.modules.approval_mode ?? 'old',
      sender: v.sender,
      me: v.me ? { assignee_id: v.me.id, name: nameOf(v.me), title: v.me.userPosition, guest: !v.me.userId } : null,
      assignees: v.assignees.map((a) => ({ id: a.id, name: nameOf(a), guest: !a.userId, order: a.step, status: a.status as 1 | 2 | 3 })),
      signatures,
      placements: placed.map((r) => this.toStored(r)),
    };
  }

  async page(c: Call): Promise<SigningPage> {
    return this.answer(c, await this.see(c));
  }

  // ---------- signing ----------

  /** a saved signature or stamp of the caller, as its data URL */
  private async saved(s: Scope, actor: Actor, id: number): Promise<string | null> {
    if (actor.kind !== 'user' || !actor.userId) return null;
    return (await this.repo.signature(s, actor.userId, id))?.payload ?? null;
  }

  private async pagesOf(orgId: string, docs: DocumentRow[]): Promise<{ described: SigningDocument[]; pages: DocPages[] }> {
    const described = await this.describe(orgId, docs);
    return { described, pages: described.map((d) => ({ libraryId: d.library_id, pages: d.pages })) };
  }

  async sign(c: SignInput): Promise<SigningPage> {
    const v = await this.see(c);
    // the signing order first: acting out of turn is said as such, whatever the boxes
    refuse(v);
    const me = v.me!;
    const errors: Record<string, string> = {};

    // the images: the signature (file or a saved one), the stamp (stamp_file or a saved one), a box's own
    const resolved = await this.db.tenant(c.orgId, async (s) => ({
      signature: c.signatureId ? await this.saved(s, c.actor, c.signatureId) : (c.image ?? null),
      stamp: c.stampId ? await this.saved(s, c.actor, c.stampId) : (c.stampImage ?? null),
      own: await Promise.all(c.placements.map(async (p) => (p.signature_id ? await this.saved(s, c.actor, p.signature_id) : (p.src ?? null)))),
    }));
    if (c.signatureId && !resolved.signature) errors.signature_id = AM.signatureInvalid;
    if (c.stampId && !resolved.stamp) errors.stamp_id = AM.signatureInvalid;
    const aspects = new Map<string, number | null>();
    const aspectOfUrl = async (u: string | null) => {
      if (!u) return null;
      if (!aspects.has(u)) aspects.set(u, await imageAspect(u));
      return aspects.get(u)!;
    };
    if (resolved.signature && (await aspectOfUrl(resolved.signature)) === null) errors[c.signatureId ? 'signature_id' : 'file'] = AM.imageType;
    if (resolved.stamp && (await aspectOfUrl(resolved.stamp)) === null) errors[c.stampId ? 'stamp_id' : 'stamp_file'] = AM.imageType;
    const images = await Promise.all(
      c.placements.map(async (p, i) => {
        if (p.assignee_id !== undefined && p.assignee_id !== me.id) errors[`sign_data.${i}.assignee_id`] = DM.assigneeInvalid;
        const own = resolved.own[i];
        if (p.signature_id && !own) errors[`sign_data.${i}.signature_id`] = AM.signatureInvalid;
        if (own && (await aspectOfUrl(own)) === null) errors[`sign_data.${i}.${p.signature_id ? 'signature_id' : 'src'}`] = AM.imageType;
        const url = own ?? (p.type === 'stamp' ? resolved.stamp : resolved.signature);
        if (!url && !own) {
          if (p.type === 'stamp') errors.stamp_file = DM.stampRequired;
          else errors.file = AM.signatureRequired;
        }
        return url;
      }),
    );

    const { pages } = await this.pagesOf(c.orgId, v.docs);
    const plan = planPlacements(c.placements, pages, (p) => aspects.get(images[c.placements.indexOf(p)] ?? '') ?? UNKNOWN_ASPECT);
    Object.assign(errors, plan.errors);
    if (!Object.keys(plan.errors).length && unsignedDocuments(plan.boxes, pages).length) errors.sign_data = DM.signatureOnEveryDocument;
    if (Object.keys(errors).length) throw AppError.validation(errors);

    // a box with its own image (a stamp, or another saved signature) carries it; the others show the signature
    const placements = plan.boxes.map((b) => {
      const own = resolved.own[b.index] ?? (c.placements[b.index].type === 'stamp' ? resolved.stamp : null);
      return own ? { ...b.placement, src: own } : b.placement;
    });
    const signature = resolved.signature ?? placements.find((p) => p.type === 'signature' && p.src)?.src;
    await this.signing.sign({
      orgId: c.orgId, actor: c.actor, approvalId: c.approvalId, guestId: c.guestId, comment: c.comment, reason: c.reason,
      // a saved signature is read again by the approval service; a drawn one travels as its data URL
      signatureId: c.signatureId, image: c.signatureId ? undefined : signature, placements, ip: c.ip, userAgent: c.userAgent,
    }, async () => undefined);
    return this.page({ ...c, afterOwnAct: true });
  }

  // ---------- saving boxes ----------

  async save(c: Call & { placements: DocumentPlacement[] }): Promise<SigningPage> {
    const v = await this.see(c);
    const facts = { status: v.approval.status, sender: v.sender, me: v.me, assignees: v.assignees };
    const refused = saveRefusal(facts);
    if (refused) throw new AppError(refused);
    const errors: Record<string, string> = {};
    c.placements.forEach((p, i) => {
      const error = boxOwnerError(p.assignee_id ?? v.me?.id, facts);
      if (error) errors[`sign_data.${i}.assignee_id`] = error;
    });
    const { described, pages } = await this.pagesOf(c.orgId, v.docs);
    const plan = planPlacements(c.placements, pages, () => UNKNOWN_ASPECT);
    Object.assign(errors, plan.errors);
    if (Object.keys(errors).length) throw AppError.validation(errors);

    // the sender's save is the whole set for everyone still to sign; an assignee's is their own
    const owners = v.sender ? v.assignees.filter((a) => a.status === ASSIGNEE_STATUS.needsToSign).map((a) => a.id) : [v.me!.id];
    await this.db.command(c.orgId, async (s) => {
      await this.boxes.replace(
        s, c.approvalId, owners,
        plan.boxes.map((b) => ({
          approvalId: c.approvalId, assigneeId: b.assigneeId ?? v.me!.id, libraryId: b.libraryId, pageNum: b.placement.pageNum, type: b.placement.type,
          px: b.placement.px, py: b.placement.py, width: b.placement.width, height: b.placement.height, pageWidth: b.placement.pageWidth, pageHeight: b.placement.pageHeight,
          options: b.placement.options,
        })),
      );
    });
    return this.answer(c, v, described);
  }
}
