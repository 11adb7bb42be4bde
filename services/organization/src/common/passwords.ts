import { Inject, Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import { CONFIG, logger } from '@app/platform';
import type { OrganizationConfig } from '../config';

/** Password and PIN hashing with argon2id. */
@Injectable()
export class Passwords {
  private dummy?: Promise<string>;
  constructor(@Inject(CONFIG) private readonly config: OrganizationConfig) {}

  hash(plain: string): Promise<string> {
    return argon2.hash(plain, { type: argon2.argon2id, memoryCost: this.config.ARGON2_MEMORY_KIB, timeCost: 2, parallelism: 1 });
  }

  async verify(hash: string | null | undefined, plain: string): Promise<boolean> {
    if (!hash) {
      // same work as a real check, so a missing account does not answer faster
      this.dummy ??= this.hash('dummy-password-for-timing');
      await argon2.verify(await this.dummy, plain).catch(() => false); // only the time spent matters here
      return false;
    }
    return argon2.verify(hash, plain).catch((err: unknown) => {
      logger().error({ err }, 'stored password hash could not be verified');
      return false;
    });
  }
}
