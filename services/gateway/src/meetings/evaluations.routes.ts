import { Injectable } from '@nestjs/common';
import { AppError, EvaluationMessages, EvaluationRoutes, GetRoundResults, evaluationCsv } from '@app/contracts';
import { Bus } from '@app/platform';
import { FileAnswer, Implements, type RouteContext, type RouteResult } from '../core/routes';

/**
 * The evaluation route that composes (docs/evaluations.md): a named round's answers as CSV, built here from the
 * results RPC's answer with the one CSV writer of libs/contracts (no file over NATS; the meeting service decides who
 * may see the answers). An anonymous round has no answers one by one to export: 409 `id`.
 */
@Injectable()
export class EvaluationsRoutes {
  constructor(private readonly bus: Bus) {}

  @Implements(EvaluationRoutes.evaluationCsv)
  async csv({ call, params }: RouteContext<typeof EvaluationRoutes.evaluationCsv>): Promise<RouteResult<typeof EvaluationRoutes.evaluationCsv>> {
    const results = await this.bus.request(GetRoundResults, { ...call, roundId: params.id });
    if (results.round.anonymous) throw AppError.validation({ id: EvaluationMessages.anonymous });
    const body = Buffer.from(evaluationCsv(results, call.lang), 'utf8');
    return new FileAnswer(body, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="questionnaire-${results.round.id}.csv"`,
      'Content-Length': String(body.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  }
}
