import { Inject, Injectable } from '@nestjs/common';
import { generateSecret, generateURI, verifySync } from 'otplib';
import {
  AppError, EmailVerificationRequested, OrgErrors, OrgMessages, PasswordResetRequested, UserUpdated, parseLang,
  type Actor, type LoginResult, type Ok, type RequestOf,
  type ChangePassword, type CompleteProfile, type ForgotPassword, type Login, type PinLogin, type ResetPassword, type SetPin,
  type TwoFactorDisable, type TwoFactorEnable, type TwoFactorLogin, type VerifyEmail,
} from '@app/contracts';
import { CONFIG, Outbox, SessionStore, logger, SecretBox } from '@app/platform';
import type { OrganizationConfig } from '../config';
import { OrgDb, type Scope } from '../common/org-db';
import { Passwords } from '../common/passwords';
import { requireUser } from '../common/access';
import { toProfile } from '../common/mappers';
import { OrganizationsRepository } from '../repositories/organizations.repository';
import { RolesRepository } from '../repositories/roles.repository';
import { UsersRepository, type UserRow } from '../repositories/users.repository';
import { LogsRepository } from '../repositories/logs.repository';
import { TokensRepository } from '../repositories/tokens.repository';
import { tokenLifetimeMs, tokenState, type TokenPurpose } from '../rules/tokens';
import { attemptGate, pinLockedOut, totpStepFresh, type AttemptPolicy } from '../rules/attempts';


/**
 * Credentials: password, PIN and TOTP sign-in; e-mailed tokens (invitation, reset, verification);
 * sessions in Redis (SessionStore) created here on success.
 */
@Injectable()
export class AuthService {
  constructor(
    private readonly db: OrgDb,
    private readonly orgs: OrganizationsRepository,
    private readonly users: UsersRepository,
    private readonly roles: RolesRepository,
    private readonly tokens: TokensRepository,
    private readonly logs: LogsRepository,
    private readonly passwords: Passwords,
    private readonly sessions: SessionStore,
    private readonly outbox: Outbox,
    @Inject(CONFIG) private readonly config: OrganizationConfig,
  ) {
    this.totpSeeds = new SecretBox(config.AUTH_SECRET!, 'totp-seed', config.AUTH_SECRET_PREVIOUS);
  }

  /** TOTP seeds are stored sealed (AES-256-GCM, bound to the user's row): see SecretBox. */
  private readonly totpSeeds: SecretBox;

  private seedContext(orgId: string, userId: number): string {
    return `${orgId}:${userId}`;
  }

  /** The user's TOTP seed from its stored form; null (and a warning) when it cannot be opened. */
  private openSeed(orgId: string, userId: number, stored: string): string | null {
    const seed = this.totpSeeds.open(stored, this.seedContext(orgId, userId));
    if (seed === null) logger().warn({ orgId, userId }, 'a two-factor seed cannot be opened (AUTH_SECRET changed?); the user must enrol again');
    return seed;
  }

  private get twoFactorPolicy(): AttemptPolicy {
    return {
      freeFailures: this.config.TWO_FACTOR_FREE_FAILURES,
      lockSeconds: this.config.TWO_FACTOR_LOCK_SECONDS,
      maxLockSeconds: this.config.TWO_FACTOR_MAX_LOCK_SECONDS,
    };
  }

  private lifetime(p: TokenPurpose): number {
    return tokenLifetimeMs(p, this.config);
  }

  /** One transaction per command; events are written to the outbox inside it (they commit with the change). */
  private tx<T>(orgId: string, fn: (s: Scope) => Promise<T>): Promise<T> {
    return this.db.tenant(orgId, fn);
  }

  async login(req: RequestOf<typeof Login>): Promise<LoginResult> {
    const user = await this.db.tenant(req.orgId, (s) => this.users.byEmail(s, req.email));
    const ok = await this.passwords.verify(user?.passwordHash, req.password);
    if (!user || !ok) throw new AppError(OrgErrors.INVALID_CREDENTIALS);
    return this.afterFirstFactor(req.orgId, user, { issuePinToken: true });
  }

  /** Password or SSO accepted: e-mail verification, then two-factor, then a session. */
  async afterFirstFactor(orgId: string, user: UserRow, opts: { issuePinToken: boolean; skipVerification?: boolean; skipTwoFactor?: boolean }): Promise<LoginResult> {
    if (user.status !== 'Active') throw new AppError(OrgErrors.ACCOUNT_INACTIVE);
    if (!user.emailVerifiedAt && !opts.skipVerification) {
      await this.tx(orgId, async (s) => {
        const t = await this.tokens.issue(s, user.id, 'verify', this.lifetime('verify'), { revokeOthers: true });
        await this.outbox.add(s.tx, EmailVerificationRequested, {
            orgId, userId: user.id, recipient: { email: user.email, name: user.name, lang: parseLang(user.lang) }, token: t.token, expiresAt: t.expiresAt.toISOString(),
        });
      });
      return { status: 2, token: null, log_token: null, pin_token: null, two_factor: false, email: user.email, role: null, message: OrgMessages.verifyEmail, profile: null };
    }
    if (user.twoFactorEnabled && user.twoFactorSecret && !opts.skipTwoFactor) {
      const t = await this.db.tenant(orgId, (s) => this.tokens.issue(s, user.id, 'two_factor', this.lifetime('two_factor')));
      return { status: 1, token: null, log_token: t.token, pin_token: null, two_factor: true, email: user.email, role: null, message: OrgMessages.twoFactorRequired, profile: null };
    }
    return this.signIn(orgId, user, opts.issuePinToken);
  }

  private async signIn(orgId: string, user: UserRow, issuePinToken: boolean): Promise<LoginResult> {
    const { profile, pinToken } = await this.db.tenant(orgId, async (s) => {
      const org = (await this.orgs.get(s))!;
      const role = user.roleId ? await this.roles.get(s, user.roleId) : null;
      const committees = (await this.users.committeesOf(s, [user.id])).get(user.id);
      const pin = issuePinToken ? await this.tokens.issue(s, user.id, 'pin', this.lifetime('pin')) : null;
      return { profile: toProfile(user, role, committees, org), pinToken: pin?.token ?? null };
    });
    const token = await this.sessions.create(orgId, user.id);
    return { status: 1, token, log_token: null, pin_token: pinToken, two_factor: false, email: user.email, role: profile.role?.name ?? null, message: OrgMessages.loggedIn, profile };
  }

  /**
   * The code of a two-factor sign-in. Failures count per ACCOUNT (on the user's row, under a row lock), whichever
   * log_token carries them, with backoff (attemptGate: 429 'Too Many Attempts.' while locked); a time step already
   * accepted is refused (totpStepFresh). A failure is committed before the refusal is answered: the one write a
   * failed request makes on purpose.
   */
  async twoFactorLogin(req: RequestOf<typeof TwoFactorLogin>): Promise<LoginResult> {
    const now = new Date();
    const outcome = await this.db.tenant(req.orgId, async (s) => {
      const t = await this.tokens.find(s, 'two_factor', req.log_token);
      if (tokenState(t, now) !== 'valid') throw new AppError(OrgErrors.TWO_FACTOR_SESSION_EXPIRED);
      const user = await this.users.getForUpdate(s, t!.userId);
      if (!user || user.status !== 'Active' || !user.twoFactorEnabled || !user.twoFactorSecret) throw new AppError(OrgErrors.TWO_FACTOR_SESSION_EXPIRED);
      const gate = attemptGate({ failures: user.secondFactorFailures, lastFailureAt: user.secondFactorFailedAt }, now, this.twoFactorPolicy);
      if (!gate.allowed) return { locked: gate.retryAfter } as const;
      const seed = this.openSeed(req.orgId, user.id, user.twoFactorSecret);
      const step = seed ? totpStep(seed, req.code) : null;
      if (step === null || !totpStepFresh(step, user.totpLastStep)) {
        await this.users.update(s, user.id, { secondFactorFailures: user.secondFactorFailures + 1, secondFactorFailedAt: now });
        return { failed: true } as const;
      }
      await this.tokens.markUsed(s, t!.id);
      await this.users.update(s, user.id, {
        totpLastStep: step, secondFactorFailures: 0, secondFactorFailedAt: null,
        // a seed stored before sealing, or sealed under AUTH_SECRET_PREVIOUS during a rotation, is sealed now under the current key
        ...(this.totpSeeds.isCurrent(user.twoFactorSecret, this.seedContext(req.orgId, user.id)) ? {} : { twoFactorSecret: this.totpSeeds.seal(seed!, this.seedContext(req.orgId, user.id)) }),
      });
      return { user };
    });
    if ('locked' in outcome) throw new AppError('TOO_MANY_ATTEMPTS', { details: { retryAfter: outcome.locked } });
    if ('failed' in outcome) throw new AppError(OrgErrors.INVALID_TWO_FACTOR_CODE);
    return this.signIn(req.orgId, outcome.user, true);
  }

  /**
   * PIN sign-in with a device token. Wrong PINs count per ACCOUNT (every device token of the user); the
   * PIN_MAX_FAILURES-th revokes all of the account's device tokens and answers 429 'Too Many Attempts.': the user
   * signs in with the password again (which issues a new device token).
   */
  async pinLogin(req: RequestOf<typeof PinLogin>): Promise<LoginResult> {
    const found = await this.db.tenant(req.orgId, async (s) => {
      const t = await this.tokens.find(s, 'pin', req.token);
      if (tokenState(t, new Date()) !== 'valid') return null;
      return this.users.get(s, t!.userId);
    });
    const ok = await this.passwords.verify(found?.pinHash, req.bin_code);
    if (!found) throw new AppError(OrgErrors.INVALID_PIN);
    const outcome = await this.db.tenant(req.orgId, async (s) => {
      const user = await this.users.getForUpdate(s, found.id);
      // the device tokens were revoked meanwhile (a lockout, a password change) or the account went away
      const t = await this.tokens.find(s, 'pin', req.token);
      if (!user || tokenState(t, new Date()) !== 'valid') return 'invalid' as const;
      if (ok) {
        if (user.pinFailures) await this.users.update(s, user.id, { pinFailures: 0 });
        return user;
      }
      const failures = user.pinFailures + 1;
      if (pinLockedOut(failures, this.config.PIN_MAX_FAILURES)) {
        await this.tokens.deleteAll(s, user.id, 'pin');
        await this.users.update(s, user.id, { pinFailures: 0 });
        await this.logs.write(s, selfActor(user), 'PIN sign-in locked after too many wrong PINs');
        return 'locked' as const;
      }
      await this.users.update(s, user.id, { pinFailures: failures });
      return 'invalid' as const;
    });
    if (outcome === 'locked') throw new AppError('TOO_MANY_ATTEMPTS');
    if (outcome === 'invalid') throw new AppError(OrgErrors.INVALID_PIN);
    if (outcome.status !== 'Active') throw new AppError(OrgErrors.ACCOUNT_INACTIVE);
    // the device token came from a complete sign-in (password, and two-factor when on)
    return this.signIn(req.orgId, outcome, false);
  }

  /** Always the same answer, whether or not the e-mail belongs to someone. */
  async forgotPassword(req: RequestOf<typeof ForgotPassword>): Promise<Ok> {
    await this.tx(req.orgId, async (s) => {
      const user = await this.users.byEmail(s, req.email);
      if (!user || user.status === 'Inactive') return;
      const t = await this.tokens.issue(s, user.id, 'reset', this.lifetime('reset'), { revokeOthers: true });
      await this.outbox.add(s.tx, PasswordResetRequested, {
          orgId: req.orgId, userId: user.id, recipient: { email: user.email, name: user.name, lang: parseLang(user.lang) }, token: t.token, expiresAt: t.expiresAt.toISOString(),
      });
    });
    return { ok: true, message: OrgMessages.resetSent };
  }

  /** A valid token of the purpose whose user has this e-mail; otherwise 409 on `token`. */
  private async consume(s: Scope, purpose: TokenPurpose, token: string, email: string): Promise<UserRow> {
    const t = await this.tokens.find(s, purpose, token);
    const user = t ? await this.users.get(s, t.userId) : null;
    if (tokenState(t, new Date()) !== 'valid' || !user || user.email.toLowerCase() !== email.toLowerCase()) {
      throw AppError.validation({ token: OrgMessages.invalidToken });
    }
    await this.tokens.markUsed(s, t!.id);
    return user;
  }

  async resetPassword(req: RequestOf<typeof ResetPassword>): Promise<Ok> {
    const hash = await this.passwords.hash(req.password);
    const user = await this.tx(req.orgId, async (s) => {
      const user = await this.consume(s, 'reset', req.token, req.email);
      await this.users.update(s, user.id, {
        passwordHash: hash,
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
        status: user.status === 'Pending' ? 'Active' : user.status,
      });
      await this.tokens.deleteAll(s, user.id, 'pin');
      return user;
    });
    await this.sessions.destroyAllForUser(req.orgId, user.id);
    return { ok: true, message: OrgMessages.passwordReset };
  }

  async completeProfile(req: RequestOf<typeof CompleteProfile>): Promise<Ok> {
    const hash = await this.passwords.hash(req.password);
    await this.tx(req.orgId, async (s) => {
      const user = await this.consume(s, 'invite', req.token, req.email);
      const u = await this.users.update(s, user.id, { passwordHash: hash, emailVerifiedAt: user.emailVerifiedAt ?? new Date(), status: user.status === 'Pending' ? 'Active' : user.status });
      await this.outbox.add(s.tx, UserUpdated, { orgId: req.orgId, userId: u.id, name: u.name, email: u.email, lang: parseLang(u.lang), status: u.status as 'Active' });
    });
    return { ok: true, message: OrgMessages.profileCompleted };
  }

  async verifyEmail(req: RequestOf<typeof VerifyEmail>): Promise<Ok> {
    await this.tx(req.orgId, async (s) => {
      const user = await this.consume(s, 'verify', req.token, req.email);
      await this.users.update(s, user.id, { emailVerifiedAt: user.emailVerifiedAt ?? new Date() });
    });
    return { ok: true, message: OrgMessages.emailVerified };
  }

  async nameByToken(orgId: string, token: string): Promise<{ name: string; email: string }> {
    return this.db.tenant(orgId, async (s) => {
      const t = await this.tokens.find(s, 'invite', token);
      const user = t ? await this.users.get(s, t.userId) : null;
      if (tokenState(t, new Date()) !== 'valid' || !user) throw AppError.notFound('invitation');
      return { name: user.name, email: user.email };
    });
  }

  private async me(s: Scope, actor: Actor): Promise<UserRow> {
    const user = await this.users.get(s, requireUser(actor));
    if (!user) throw new AppError('UNAUTHENTICATED');
    return user;
  }

  /**
   * A new password (the current one required; the gateway limits wrong ones per account). The user's other sessions
   * and every PIN device token end; the session that changed it (keep_session) stays.
   */
  async changePassword(req: RequestOf<typeof ChangePassword>): Promise<Ok> {
    const hash = await this.passwords.hash(req.password);
    const userId = await this.tx(req.orgId, async (s) => {
      const user = await this.me(s, req.actor);
      if (!(await this.passwords.verify(user.passwordHash, req.current_password))) throw AppError.validation({ current_password: OrgMessages.currentPassword });
      await this.users.update(s, user.id, { passwordHash: hash, pinFailures: 0 });
      await this.tokens.deleteAll(s, user.id, 'pin');
      await this.logs.write(s, req.actor, 'Changed their password');
      return user.id;
    });
    await this.sessions.destroyAllForUser(req.orgId, userId, { exceptId: req.keep_session });
    return { ok: true, message: OrgMessages.passwordChanged };
  }

  async setPin(req: RequestOf<typeof SetPin>): Promise<Ok> {
    const hash = await this.passwords.hash(req.pin);
    await this.tx(req.orgId, async (s) => {
      const user = await this.me(s, req.actor);
      await this.users.update(s, user.id, { pinHash: hash });
    });
    return { ok: true, message: OrgMessages.pinSet };
  }

  async twoFactorSetup(orgId: string, actor: Actor): Promise<{ secret: string; otpauth_url: string; enabled: boolean }> {
    return this.tx(orgId, async (s) => {
      const user = await this.me(s, actor);
      const org = (await this.orgs.get(s))!;
      const secret = generateSecret();
      await this.users.update(s, user.id, { twoFactorPendingSecret: this.totpSeeds.seal(secret, this.seedContext(orgId, user.id)) });
      return { secret, otpauth_url: generateURI({ issuer: org.name, label: user.email, secret }), enabled: user.twoFactorEnabled };
    });
  }

  async twoFactorEnable(req: RequestOf<typeof TwoFactorEnable>): Promise<Ok> {
    await this.tx(req.orgId, async (s) => {
      const user = await this.me(s, req.actor);
      const pending = user.twoFactorPendingSecret ? this.openSeed(req.orgId, user.id, user.twoFactorPendingSecret) : null;
      const step = pending ? totpStep(pending, req.code) : null;
      if (step === null) throw AppError.validation({ code: OrgMessages.twoFactorCode });
      // the confirming code is used: it cannot sign in afterwards
      await this.users.update(s, user.id, {
        twoFactorEnabled: true, twoFactorSecret: user.twoFactorPendingSecret, twoFactorPendingSecret: null, totpLastStep: step, secondFactorFailures: 0, secondFactorFailedAt: null,
      });
      await this.logs.write(s, req.actor, 'Turned on two-factor authentication');
    });
    return { ok: true, message: OrgMessages.twoFactorActivated };
  }

  async twoFactorDisable(req: RequestOf<typeof TwoFactorDisable>): Promise<Ok> {
    await this.tx(req.orgId, async (s) => {
      const user = await this.me(s, req.actor);
      if (!(await this.passwords.verify(user.passwordHash, req.password))) throw AppError.validation({ password: OrgMessages.currentPassword });
      await this.users.update(s, user.id, { twoFactorEnabled: false, twoFactorSecret: null, twoFactorPendingSecret: null });
      await this.logs.write(s, req.actor, 'Turned off two-factor authentication');
    });
    return { ok: true, message: OrgMessages.twoFactorDeactivated };
  }
}

/** TOTP (RFC 6238, 30 s steps) accepting one step of clock drift either way: the time step the code is for, or null. */
export function totpStep(secret: string, code: string): number | null {
  try {
    const r = verifySync({ secret, token: code, epochTolerance: 30 });
    // the TOTP strategy answers the time step the code matched (HOTP results have none)
    return r.valid && 'timeStep' in r && typeof r.timeStep === 'number' ? r.timeStep : null;
  } catch {
    // otplib throws on a malformed code or secret: such a code is simply not valid
    return null;
  }
}

/** The actor of an activity-log entry written on a user's behalf before they are signed in. */
function selfActor(u: UserRow): Actor {
  return { kind: 'user', userId: u.id, email: u.email, name: u.name, roleId: u.roleId, isAdmin: false, permissions: [], guestToken: null };
}
