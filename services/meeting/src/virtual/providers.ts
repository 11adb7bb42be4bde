import { Inject, Injectable } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { AppError, type VirtualType } from '@app/contracts';
import { CONFIG, logger } from '@app/platform';
import type { MeetingConfig } from '../config';
import type { OrgSettings } from '../common/directory';
import { RoomSecrets } from './room-secrets';

export interface VirtualSession {
  externalId: string;
  startUrl: string | null;
  joinUrl: string | null;
}

export interface VirtualMeetingInfo {
  orgId: string;
  meetingId: number;
  title: string;
  startAt: Date;
  duration: number | null;
}

/** One interface for the online meeting providers (docs/product/meetings.md#virtual-meetings: ijmeet and zoom). */
export interface VirtualProvider {
  readonly type: VirtualType;
  /** usable for this organization (deployment credentials, and not disabled in the organization's modules) */
  enabled(org: OrgSettings): boolean;
  createSession(m: VirtualMeetingInfo): Promise<VirtualSession>;
  participantUrl(orgId: string, session: VirtualSession, p: { id: string; name: string; email: string | null; host: boolean }): Promise<string>;
}

const disabledFor = (org: OrgSettings, type: VirtualType) => org.modules.na.some((n) => n === type || n === 'online_meeting' || n === 'virtual');

/**
 * ijmeet rooms: the room key, the host link and each participant's signature are an HMAC under the organization's own
 * random room secret (RoomSecrets), never under anything derivable from public data (an organization id, a meeting
 * number) nor a deployment-wide default
 */
@Injectable()
export class IjmeetProvider implements VirtualProvider {
  readonly type = 'ijmeet' as const;
  constructor(@Inject(CONFIG) private readonly config: MeetingConfig, private readonly secrets: RoomSecrets) {}

  private async signer(orgId: string): Promise<(s: string) => string> {
    const key = await this.secrets.of(orgId);
    return (s) => createHmac('sha256', key).update(s).digest('base64url');
  }
  enabled(org: OrgSettings): boolean {
    return !disabledFor(org, 'ijmeet');
  }
  async createSession(m: VirtualMeetingInfo): Promise<VirtualSession> {
    const sign = await this.signer(m.orgId);
    const room = sign(`room:${m.meetingId}`).slice(0, 24);
    const base = this.config.IJMEET_BASE_URL.replace(/\/+$/, '');
    return { externalId: room, joinUrl: `${base}/meeting/${room}`, startUrl: `${base}/meeting/${room}?host=${sign(`host:${room}`).slice(0, 32)}` };
  }
  async participantUrl(orgId: string, s: VirtualSession, p: { id: string; name: string; email: string | null; host: boolean }): Promise<string> {
    const sign = await this.signer(orgId);
    const url = new URL(p.host && s.startUrl ? s.startUrl : s.joinUrl!);
    url.searchParams.set('name', p.name);
    url.searchParams.set('pid', p.id);
    url.searchParams.set('sig', sign(`${s.externalId}:${p.id}`).slice(0, 32));
    return url.toString();
  }
}

/** zoom through a server-to-server OAuth app (ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID, ZOOM_CLIENT_SECRET) */
@Injectable()
export class ZoomProvider implements VirtualProvider {
  readonly type = 'zoom' as const;
  constructor(@Inject(CONFIG) private readonly config: MeetingConfig) {}

  enabled(org: OrgSettings): boolean {
    return !!(this.config.ZOOM_ACCOUNT_ID && this.config.ZOOM_CLIENT_ID && this.config.ZOOM_CLIENT_SECRET) && !disabledFor(org, 'zoom');
  }
  private async token(): Promise<string> {
    const basic = Buffer.from(`${this.config.ZOOM_CLIENT_ID}:${this.config.ZOOM_CLIENT_SECRET}`).toString('base64');
    const url = `${this.config.ZOOM_OAUTH_URL}?grant_type=account_credentials&account_id=${encodeURIComponent(this.config.ZOOM_ACCOUNT_ID ?? '')}`;
    const res = await fetch(url, { method: 'POST', headers: { authorization: `Basic ${basic}` }, signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`zoom oauth ${res.status}`);
    return ((await res.json()) as { access_token: string }).access_token;
  }
  async createSession(m: VirtualMeetingInfo): Promise<VirtualSession> {
    try {
      const res = await fetch(`${this.config.ZOOM_API_URL}/users/me/meetings`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await this.token()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ topic: m.title, type: 2, start_time: m.startAt.toISOString(), duration: m.duration ?? 60 }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`zoom create meeting ${res.status}`);
      const z = (await res.json()) as { id: number; start_url: string; join_url: string };
      return { externalId: String(z.id), startUrl: z.start_url, joinUrl: z.join_url };
    } catch (e) {
      logger().warn({ err: e }, 'zoom session could not be created');
      throw new AppError('VIRTUAL_NOT_AVAILABLE');
    }
  }
  async participantUrl(_orgId: string, s: VirtualSession, p: { id: string; name: string; email: string | null; host: boolean }): Promise<string> {
    if (p.host && s.startUrl) return s.startUrl;
    const url = new URL(s.joinUrl!);
    url.searchParams.set('uname', p.name);
    return url.toString();
  }
}

@Injectable()
export class VirtualProviders {
  constructor(private readonly ijmeet: IjmeetProvider, private readonly zoom: ZoomProvider) {}
  get(type: VirtualType | string | null): VirtualProvider | null {
    return type === 'zoom' ? this.zoom : type === 'ijmeet' ? this.ijmeet : null;
  }
}
