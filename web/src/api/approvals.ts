import { Routes, type RouteData, type RouteRequest } from '@app/contracts';
import { api, apiCommand } from './client';

/**
 * Approvals (docs/approval.md): the list with its tabs and filters, details, sign and reject (members and guests
 * with their token), downloads, saved signatures. Types are the contract's; nothing is re-mapped here.
 */
export type ApprovalItem = RouteData<typeof Routes.listApprovals>[number];
export type ApprovalDetails = RouteData<typeof Routes.approvalDetails>;
export type ApprovalTab = 'all' | 'action_required' | 'waiting' | 'completed';
export type ApprovalStatus = ApprovalItem['status'];
export type SavedSignature = RouteData<typeof Routes.listSignatures>['signatures'][number];
/** the signing page's data (GET /api/documents/{id}: the spec's `payload`) */
export type SigningPageData = RouteData<typeof Routes.signingDocument>['payload'];
export type DocumentActionBody = RouteRequest<typeof Routes.signDocument>['body'];

export const APPROVAL_TABS: readonly ApprovalTab[] = ['all', 'action_required', 'waiting', 'completed'];
export const APPROVAL_STATUSES: readonly ApprovalStatus[] = ['pending', 'partly signed', 'fully signed', 'rejected'];

export interface ApprovalFilters {
  tab: ApprovalTab;
  status?: ApprovalStatus;
  search?: string;
  from_date?: string;
  to_date?: string;
  page: number;
}

/** a guest acts with their assignee id and the token of their link */
export interface GuestKey {
  guestId: number;
  token: string;
}

export const approvalsApi = {
  list: (f: ApprovalFilters) =>
    api(Routes.listApprovals, { query: { tab: f.tab, status: f.status, search: f.search || undefined, from_date: f.from_date, to_date: f.to_date, page: f.page, per_page: 20 } }),
  /** a meeting's approvals (the meeting's approvals card): one page of 100 */
  ofMeeting: (meetingId: number) => api(Routes.listApprovals, { query: { tab: 'all', meeting_id: meetingId, paginate: 1, per_page: 100 } }),
  details: (id: number, guest?: GuestKey | null): Promise<ApprovalDetails> =>
    guest ? api(Routes.guestApprovalDetails, { params: { id, guestId: guest.guestId }, token: guest.token }) : api(Routes.approvalDetails, { params: { id } }),
  sign: async (id: number, body: { file?: string; signature_id?: number; comment?: string }, guest?: GuestKey | null) =>
    guest
      ? apiCommand(Routes.guestApprove, { params: { id, guestId: guest.guestId }, body, token: guest.token })
      : apiCommand(Routes.approveApproval, { params: { id }, body }),
  reject: async (id: number, comment: string, guest?: GuestKey | null) =>
    guest
      ? apiCommand(Routes.guestReject, { params: { id, guestId: guest.guestId }, body: { comment }, token: guest.token })
      : apiCommand(Routes.rejectApproval, { params: { id }, body: { comment } }),
  create: async (body: RouteRequest<typeof Routes.createApproval>['body']) => apiCommand(Routes.createApproval, { body }),
  remove: async (id: number) => (await apiCommand(Routes.deleteApproval, { params: { id } })).message,
  /** a signed document's bytes (the gateway applies the download rules) */
  download: (id: number, libraryId: number, guest?: GuestKey | null): Promise<Blob> =>
    guest
      ? api(Routes.guestNewSignedDocument, { params: { id, library_id: libraryId, token: guest.token }, token: guest.token })
      : api(Routes.signedDocument, { params: { id, library_id: libraryId } }),
  signatures: () => api(Routes.listSignatures),
  /** the signing page: documents with their pages' sizes, saved signatures, boxes already placed */
  signingPage: async (id: number, guest?: GuestKey | null): Promise<SigningPageData> =>
    (guest ? await api(Routes.guestSigningDocument, { params: { id, guestId: guest.guestId }, token: guest.token }) : await api(Routes.signingDocument, { params: { id } })).payload,
  /** sign with the placed boxes, or (action 'save') keep the boxes without signing */
  documentAction: async (id: number, body: DocumentActionBody, guest?: GuestKey | null): Promise<{ data: SigningPageData; message: string | null }> => {
    const r = guest
      ? await apiCommand(Routes.guestSignDocument, { params: { id, guestId: guest.guestId }, body, token: guest.token })
      : await apiCommand(Routes.signDocument, { params: { id }, body });
    return { data: r.data.payload, message: r.message };
  },
  saveSignature: async (body: { type: 'signature' | 'signature_image'; title: string; payload: string }) => (await apiCommand(Routes.saveSignature, { body })).data,
};
