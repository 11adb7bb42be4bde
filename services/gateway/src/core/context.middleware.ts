import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { parseLang } from '@app/contracts';
import { CONFIG, runWithContext, metrics, httpServerSpan, otelContext } from '@app/platform';
import { allowsXOrg, type GatewayConfig } from '../config';
import { orgOfRequest, type ApiRequest } from './request';

/** Correlation id, the request's server span (trace), Lang and the host's organization label for every request. */
@Injectable()
export class ContextMiddleware implements NestMiddleware {
  private readonly allowXOrg: boolean;

  constructor(@Inject(CONFIG) config: GatewayConfig) {
    this.allowXOrg = allowsXOrg(config);
  }

  use(req: ApiRequest, res: Response, next: NextFunction): void {
    const incoming = req.header('x-correlation-id');
    req.correlationId = incoming && incoming.length <= 128 ? incoming : randomUUID();
    req.lang = parseLang(req.header('lang') ?? req.header('accept-language'));
    const h = orgOfRequest(req, this.allowXOrg);
    req.orgSlug = h.slug;
    req.hostVariant = h.variant;
    req.portalHost = h.portal;
    res.setHeader('x-correlation-id', req.correlationId);
    const end = metrics.httpDuration.startTimer({ method: req.method });
    // 'close' comes after 'finish', and alone when the client went away first (an event stream it closed): counted once either way
    res.once('close', () => end({ route: (req.route?.path as string | undefined) ?? 'unmatched', status: String(res.statusCode) }));
    // the span continues a caller's traceparent; RPCs, events and jobs of this request continue it in turn; a read's
    // RPC that finds no responder (a replica restarting) is sent once more (Bus.request)
    otelContext.with(httpServerSpan(req, res), () => runWithContext({ correlationId: req.correlationId, readOnly: req.method === 'GET' || req.method === 'HEAD' }, () => next()));
  }
}
