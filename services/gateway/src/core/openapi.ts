import { Controller, Get, Header, Injectable, OnApplicationBootstrap, RequestMethod, SetMetadata } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { z } from 'zod';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { ACCESS, NoOrg, type Access } from './decorators';

export const DOC = Symbol('DOC');
export interface DocSpec {
  summary: string;
  tags?: string[];
  body?: z.ZodType;
  query?: z.ZodType;
  /** the `data` of the success answer */
  response?: z.ZodType;
  /** multipart upload: the file field */
  file?: string;
}
/** Documents a route with the contract schemas it uses; /api/docs is generated from these. */
export const Doc = (spec: DocSpec) => SetMetadata(DOC, spec);

function schemaOf(t: z.ZodType | undefined): Record<string, unknown> | undefined {
  if (!t) return undefined;
  try {
    return z.toJSONSchema(t, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    return { type: 'object' };
  }
}

@Injectable()
export class OpenApiRegistry implements OnApplicationBootstrap {
  document: Record<string, unknown> = {};
  constructor(private readonly discovery: DiscoveryService, private readonly scanner: MetadataScanner, private readonly reflector: Reflector) {}

  onApplicationBootstrap(): void {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const w of this.discovery.getControllers()) {
      const meta = w.metatype as Function | null;
      const proto = meta?.prototype;
      if (!meta || !proto) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, meta) ?? '');
      const classAccess = Reflect.getMetadata(ACCESS, meta) as Access | undefined;
      for (const name of this.scanner.getAllMethodNames(proto)) {
        const fn = proto[name];
        const doc = this.reflector.get<DocSpec | undefined>(DOC, fn);
        if (!doc) continue;
        const sub = String(this.reflector.get(PATH_METADATA, fn) ?? '');
        const method = RequestMethod[this.reflector.get<RequestMethod>(METHOD_METADATA, fn)].toLowerCase();
        const full = ('/api/' + [base, sub].filter((s) => s && s !== '/').join('/')).replace(/\/+/g, '/').replace(/:(\w+)/g, '{$1}');
        const access = this.reflector.get<Access | undefined>(ACCESS, fn) ?? classAccess ?? 'user';
        const params = [...full.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
        const op: Record<string, unknown> = {
          summary: doc.summary,
          tags: doc.tags ?? [base.split('/')[0] || 'root'],
          parameters: [
            ...params,
            { name: 'Lang', in: 'header', required: false, schema: { type: 'string', enum: ['en', 'fr', 'ar', 'ru'] } },
          ],
          security: access === 'user' ? [{ token: [] }] : [],
          responses: {
            200: { description: 'success', content: { 'application/json': { schema: { type: 'object', properties: { success: { const: true }, message: { type: 'string' }, data: schemaOf(doc.response) ?? {} } } } } },
            409: { description: 'Error in validation' },
            ...(access === 'user' ? { 401: { description: 'Authentication Fail' } } : {}),
            404: { description: 'Not Found' },
          },
        };
        if (doc.query) {
          const q = schemaOf(doc.query) as { properties?: Record<string, unknown> };
          for (const [k, s] of Object.entries(q?.properties ?? {})) (op.parameters as unknown[]).push({ name: k, in: 'query', required: false, schema: s });
        }
        if (doc.file) {
          op.requestBody = { content: { 'multipart/form-data': { schema: { type: 'object', properties: { [doc.file]: { type: 'string', format: 'binary' }, ...((schemaOf(doc.body) as { properties?: object })?.properties ?? {}) } } } } };
        } else if (doc.body) {
          op.requestBody = { content: { 'application/json': { schema: schemaOf(doc.body) } } };
        }
        (paths[full] ??= {})[method] = op;
      }
    }
    this.document = {
      openapi: '3.1.0',
      info: { title: 'Boardroom API', version: '1', description: 'Every /api path of the product. Organization from the Host (or X-Org header); auth by the `token` header.' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
      paths,
    };
  }
}

const swaggerDir = () => path.dirname(createRequire(__filename).resolve('swagger-ui-dist/package.json'));

@Controller('docs')
@NoOrg()
export class DocsController {
  constructor(private readonly registry: OpenApiRegistry) {}

  @Get('openapi.json')
  json() {
    return this.registry.document;
  }

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page() {
    return `<!doctype html><html><head><meta charset="utf-8"><title>Boardroom API</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css"></head><body><div id="ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#ui' });</script></body></html>`;
  }
}

export { swaggerDir };
