import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppError, zSummarizeAnswer, type RequestOf, type Summarize } from '@app/contracts';
import { CONFIG } from '@app/platform';
import type { MinutesConfig } from '../config';
import { localSummary } from '../rules/summarizer';

/**
 * The recorder's summarizer behind the spec's `/summarize` contract: the service at SUMMARIZER_URL when it is
 * configured (its answer checked against the contract), else the local extractive summarizer (no network).
 */
@Injectable()
export class SummaryService {
  private readonly log = new Logger('SummaryService');

  constructor(@Inject(CONFIG) private readonly config: MinutesConfig) {}

  async summarize(req: RequestOf<typeof Summarize>): Promise<{ summary: string }> {
    const url = this.config.SUMMARIZER_URL;
    if (!url) return localSummary(req.body);
    let res: Response;
    try {
      res = await fetch(`${url.replace(/\/+$/, '')}/summarize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(req.body),
        signal: AbortSignal.timeout(this.config.SUMMARIZER_TIMEOUT_MS),
      });
    } catch (e) {
      this.log.warn(`summarizer unreachable: ${e instanceof Error ? e.message : String(e)}`);
      throw new AppError('UNAVAILABLE');
    }
    // a body that is not JSON is a malformed answer: the check below refuses it and logs the status
    const parsed = zSummarizeAnswer.safeParse(res.ok ? await res.json().catch(() => null) : null);
    if (!parsed.success) {
      this.log.warn(`summarizer answered ${res.status} without a summary`);
      throw new AppError('UNAVAILABLE');
    }
    return { summary: parsed.data.summary };
  }
}
