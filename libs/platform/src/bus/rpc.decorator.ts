import { SetMetadata } from '@nestjs/common';
import type { RpcDef } from '@app/contracts';

export const RPC_HANDLER = Symbol('RPC_HANDLER');

/** Marks a method of a `*.handlers.ts` provider as the handler of an RPC defined in libs/contracts. */
export const Rpc = (def: RpcDef): MethodDecorator => SetMetadata(RPC_HANDLER, def);
