import { applyDecorators, SetMetadata } from '@nestjs/common';
import type { RpcDef } from '@app/contracts';

export const RPC_HANDLER = Symbol('RPC_HANDLER');
export const RPC_OPTIONS = Symbol('RPC_OPTIONS');

export interface RpcOptions {
  /**
   * The handler builds its reply exactly as the contract's output (named fields only, no spread of a row or of an
   * object that may carry more keys, every default filled): with VALIDATE_RESPONSES on (development, every test
   * tier) the bus parses it and fails the request when the parse differs from what was built; in production it is
   * sent as built, without the parse. For large replies on hot paths only (GetMeeting: docs/decisions.md, "Every RPC
   * reply is checked in production"); every other reply is parsed in production too.
   */
  builtToContract?: boolean;
}

/** Marks a method of a `*.handlers.ts` provider as the handler of an RPC defined in libs/contracts. */
export const Rpc = (def: RpcDef, options?: RpcOptions): MethodDecorator =>
  options ? applyDecorators(SetMetadata(RPC_HANDLER, def), SetMetadata(RPC_OPTIONS, options)) : SetMetadata(RPC_HANDLER, def);
