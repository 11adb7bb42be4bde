import { Injectable } from '@nestjs/common';
import {
  ChangePassword, CompleteProfile, ForgotPassword, Login, NameByToken, PinLogin, ResetPassword, SetPin, TwoFactorDisable,
  TwoFactorEnable, TwoFactorLogin, TwoFactorSetup, VerifyEmail, type RequestOf,
} from '@app/contracts';
import { Rpc } from '@app/platform';
import { AuthService } from './auth.service';

@Injectable()
export class AuthHandlers {
  constructor(private readonly auth: AuthService) {}

  @Rpc(Login) login(req: RequestOf<typeof Login>) { return this.auth.login(req); }
  @Rpc(PinLogin) pinLogin(req: RequestOf<typeof PinLogin>) { return this.auth.pinLogin(req); }
  @Rpc(TwoFactorLogin) twoFactorLogin(req: RequestOf<typeof TwoFactorLogin>) { return this.auth.twoFactorLogin(req); }
  @Rpc(ForgotPassword) forgot(req: RequestOf<typeof ForgotPassword>) { return this.auth.forgotPassword(req); }
  @Rpc(ResetPassword) reset(req: RequestOf<typeof ResetPassword>) { return this.auth.resetPassword(req); }
  @Rpc(CompleteProfile) complete(req: RequestOf<typeof CompleteProfile>) { return this.auth.completeProfile(req); }
  @Rpc(VerifyEmail) verify(req: RequestOf<typeof VerifyEmail>) { return this.auth.verifyEmail(req); }
  @Rpc(NameByToken) nameByToken(req: RequestOf<typeof NameByToken>) { return this.auth.nameByToken(req.orgId, req.token); }
  @Rpc(ChangePassword) changePassword(req: RequestOf<typeof ChangePassword>) { return this.auth.changePassword(req); }
  @Rpc(SetPin) setPin(req: RequestOf<typeof SetPin>) { return this.auth.setPin(req); }
  @Rpc(TwoFactorSetup) twoFactorSetup(req: RequestOf<typeof TwoFactorSetup>) { return this.auth.twoFactorSetup(req.orgId, req.actor); }
  @Rpc(TwoFactorEnable) twoFactorEnable(req: RequestOf<typeof TwoFactorEnable>) { return this.auth.twoFactorEnable(req); }
  @Rpc(TwoFactorDisable) twoFactorDisable(req: RequestOf<typeof TwoFactorDisable>) { return this.auth.twoFactorDisable(req); }
}
