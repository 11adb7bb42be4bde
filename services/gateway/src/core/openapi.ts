import { Controller, Get, Header, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { ROUTE_TABLE, successBodySchema, type RouteDef } from '@app/contracts';
import { NoOrg } from './decorators';

const ERROR_BODY = {
  type: 'object',
  required: ['success', 'code', 'message'],
  properties: {
    success: { const: false },
    code: { type: 'string', description: 'the AppError code' },
    message: { type: 'string', description: "the catalogue's message in the Lang language" },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } }, description: 'field -> messages (409)' },
    data: { type: 'object', additionalProperties: { type: 'string' }, description: 'field -> first message (409)' },
  },
};
const errorRef = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } });

function jsonSchema(t: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  try {
    return z.toJSONSchema(t, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    return { type: 'object' };
  }
}
const propertiesOf = (t: z.ZodType | undefined) => (t ? ((jsonSchema(t, 'input').properties ?? {}) as Record<string, unknown>) : {});
const requiredOf = (t: z.ZodType | undefined) => (t ? ((jsonSchema(t, 'input').required ?? []) as string[]) : []);

/** 200 with the JSON success body; a redirect answers 302 (Location), a file its bytes. */
function successResponse(route: RouteDef): Record<string, unknown> {
  if (route.produces === 'redirect') return { 302: { description: 'redirect', headers: { Location: { schema: { type: 'string' } } } } };
  if (route.produces === 'file') return { 200: { description: 'the file', content: { '*/*': { schema: { type: 'string', format: 'binary' } } } } };
  return { 200: { description: 'success', content: { 'application/json': { schema: jsonSchema(successBodySchema(route), 'output') } } } };
}

/** The OpenAPI operation of one route of the table: its schemas, its success body and the catalogue's errors. */
export function operationOf(name: string, route: RouteDef): Record<string, unknown> {
  const member = route.access === 'user' || route.access === 'guest';
  const pathParams = Object.entries(propertiesOf(route.params)).map(([k, schema]) => ({ name: k, in: 'path', required: true, schema }));
  const required = new Set(requiredOf(route.query));
  const queryParams = Object.entries(propertiesOf(route.query)).map(([k, schema]) => ({ name: k, in: 'query', required: required.has(k), schema }));
  const op: Record<string, unknown> = {
    operationId: name,
    summary: route.summary,
    tags: [...route.tags],
    parameters: [...pathParams, ...queryParams, { name: 'Lang', in: 'header', required: false, schema: { type: 'string', enum: ['en', 'fr', 'ar', 'ru'] } }],
    security: route.access === 'user' ? [{ token: [] }] : route.access === 'guest' ? [{ token: [] }, { guestToken: [] }] : [],
    responses: {
      ...successResponse(route),
      ...(member ? { 401: errorRef('Authentication Fail'), 403: errorRef('Authentication Fail') } : {}),
      // a guest link past its expiry, or whose meeting or approval has ended (docs/security.md)
      ...(route.access === 'guest' ? { 410: errorRef('This link has expired.') } : {}),
      404: errorRef('Not Found (also Invalid Organization URL)'),
      409: errorRef('Error in validation'),
      ...(route.upload && route.upload.kind !== 'none' ? { 413: errorRef('File too large') } : {}),
      ...(route.rateLimit ? { 429: errorRef('Too Many Attempts.') } : {}),
      500: errorRef('Internal Server Error'),
      508: errorRef('Time Out'),
    },
  };
  if (route.upload) {
    const files: Record<string, unknown> =
      route.upload.kind === 'single' ? { [route.upload.field]: { type: 'string', format: 'binary' } }
        : route.upload.kind === 'fields' ? Object.fromEntries(route.upload.fields.map((f) => [f.name, { type: 'array', items: { type: 'string', format: 'binary' }, maxItems: f.maxCount }]))
          : {};
    const required = [...requiredOf(route.body), ...(route.upload.kind !== 'none' && route.upload.required ? [route.upload.required.field] : [])];
    op.requestBody = { content: { 'multipart/form-data': { schema: { type: 'object', properties: { ...propertiesOf(route.body), ...files }, ...(required.length ? { required } : {}) } } } };
  } else if (route.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } };
  }
  return op;
}

/** The OpenAPI document of the route table (served at /api/docs/openapi.json). */
export function openApiDocument(table: { name: string; route: RouteDef }[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { name, route } of table) {
    const p = route.path.replace(/:(\w+)/g, '{$1}');
    (paths[p] ??= {})[route.method.toLowerCase()] = operationOf(name, route);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Boardroom API', version: '1', description: 'Every /api path of the product. Organization from the Host; auth by the `token` header; guests by `?token=`.' },
    components: {
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' }, guestToken: { type: 'apiKey', in: 'query', name: 'token' } },
      schemas: { ErrorBody: ERROR_BODY },
    },
    paths,
  };
}

/** The document /api/docs serves: the route table, built once at start-up. */
@Injectable()
export class OpenApiRegistry {
  readonly document: Record<string, unknown> = openApiDocument(ROUTE_TABLE);
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
<script src="/api/docs/init.js"></script></body></html>`;
  }

  /** the page's start-up, as a file: the Content-Security-Policy allows no inline script */
  @Get('init.js')
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  init() {
    return `window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#ui' });\n`;
  }
}

export { swaggerDir };
