import 'reflect-metadata';
import express from 'express';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { bootstrapService, runService } from '@app/platform';
import { GatewayModule } from './app.module';
import { swaggerDir } from './core/openapi';
import { undecodableMultipart } from './core/input-guard';
import { upgradeProxy } from './core/upgrade-proxy';
import { securityHeaders } from './core/security-headers';
import { largestMultipart, multipartBodyLimit } from './core/body-limits';
import { AppError, parseLang, ROUTE_TABLE } from '@app/contracts';
import { errorBody } from './core/error.filter';
import { allowsXOrg, loadGatewayConfig } from './config';

/** paths answered by the routes registered after this set-up (/api, the queue dashboard, health, metrics) */
const servedByRoutes = (p: string): boolean =>
  p.startsWith('/api') || p === '/admin' || p.startsWith('/admin/') || p === '/health' || p.startsWith('/health/') || p === '/metrics';

runService(async () => {
  const config = loadGatewayConfig();
  await bootstrapService(GatewayModule.register(config), {
    service: 'gateway',
    port: config.HTTP_PORT,
    logLevel: config.LOG_LEVEL,
    configure: (app) => {
      const http = app.getHttpAdapter().getInstance() as express.Express;
      // X-Forwarded-For/-Proto are believed only from these peers: req.ip is then the real client behind an ingress
      http.set('trust proxy', config.TRUSTED_PROXIES.length ? config.TRUSTED_PROXIES : false);
      http.disable('x-powered-by');
      // CSP, frame-ancestors/X-Frame-Options, nosniff, Referrer-Policy, HSTS in production: on every answer (the app,
      // its static files, /api, errors and 404s), so first
      http.use(securityHeaders(config));
      // WebSockets of the services that own them (presentation rooms), on this origin
      const trust = http.get('trust proxy fn') as (addr: string, i: number) => boolean;
      const wsRoutes = config.PRESENTATION_URL ? [{ path: '/ws/presentation', target: config.PRESENTATION_URL }] : [];
      const log = new Logger('UpgradeProxy');
      app.getHttpServer().on('upgrade', upgradeProxy({ routes: wsRoutes, peerTrusted: (a) => trust(a, 0), allowXOrg: allowsXOrg(config), onError: (m) => log.warn(m) }));
      // a multipart body without a usable boundary cannot be split into its parts: 415 before any parser or route
      http.use((req, _res, next) => next(undecodableMultipart(req.headers['content-type']) ? Object.assign(new Error('multipart body without a boundary'), { status: 415 }) : undefined));
      // every multipart body counted while it is read: 413 past the largest route's limit (each route lowers it)
      http.use(multipartBodyLimit(largestMultipart(ROUTE_TABLE.map((r) => r.route))));
      const xapp = app as NestExpressApplication;
      xapp.useBodyParser('json', { limit: '2mb' });
      xapp.useBodyParser('urlencoded', { extended: true, limit: '2mb' });
      app.setGlobalPrefix('api', { exclude: ['health', 'health/live', 'health/ready', 'metrics'] });
      // the organization portal (org.<domain>) checks each saved organization with GET {org host}/api/: public
      // name and logo, readable cross-origin (also its 404 'Invalid Organization URL')
      http.use((req, res, next) => {
        if (req.path === '/api/' || req.path === '/api') res.setHeader('Access-Control-Allow-Origin', '*');
        next();
      });
      http.use('/api/docs/assets', express.static(swaggerDir(), { index: false }));
      const dist = path.resolve(config.WEB_DIST);
      if (fs.existsSync(path.join(dist, 'index.html'))) {
        // the service worker and the manifest are asked for again on every visit, so a new build reaches installed apps
        const fresh = new Set(['sw.js', 'manifest.webmanifest']);
        const statics = express.static(dist, { index: false, maxAge: '1h', setHeaders: (res, file) => fresh.has(path.basename(file)) && res.setHeader('Cache-Control', 'no-cache') });
        // the web build has no file under the routes' paths: an /api request is not looked up on disk (a stat in
        // libuv's thread pool and a 404 before next(), about 45 µs of CPU per API request: docs/performance.md, P1)
        http.use((req, res, next) => (servedByRoutes(req.path) ? next() : statics(req, res, next)));
        // the SPA answers every non-API path; its router shows /404 for unknown ones
        http.use((req, res, next) => {
          if (req.method !== 'GET' || servedByRoutes(req.path)) return next();
          res.sendFile(path.join(dist, 'index.html'));
        });
      }
      // anything else outside the routes (a POST to a static path...): the catalogue's 404, with this app's headers
      http.use((req, res, next) => {
        if (servedByRoutes(req.path)) return next();
        const { status, body } = errorBody(new AppError('NOT_FOUND'), parseLang(req.header('lang') ?? req.header('accept-language')));
        res.status(status).json(body);
      });
    },
  });
});
