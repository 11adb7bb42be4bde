import { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { parseOrThrow } from '@app/contracts';

/**
 * Validates an HTTP body, query or param with its contract schema: 409 'Error in validation' with field
 * errors when it does not match, before anything is sent to a service.
 */
export class ZodPipe<T extends z.ZodType> implements PipeTransform<unknown, z.output<T>> {
  constructor(readonly schema: T) {}
  transform(value: unknown): z.output<T> {
    return parseOrThrow(this.schema, value ?? {});
  }
}
export const Z = <T extends z.ZodType>(schema: T) => new ZodPipe(schema);
