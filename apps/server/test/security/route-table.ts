import type { FastifyInstance } from 'fastify';

/** One call of the route table: its method, its OpenAPI path (`/api/users/{Id}`) and its schema. */
export type Operation = {
  method: string;
  path: string;
  parameters: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  body?: JsonSchema;
  /** Who the document says may call it: OpenAPI security requirements. */
  security: Record<string, string[]>[];
};

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
};

type OpenApiOperation = {
  security?: Operation['security'];
  parameters?: Operation['parameters'];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Every operation of the OpenAPI document the app serves at /api/docs. */
export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content?.['application/json']?.schema,
      security: operation.security ?? [],
    })),
  );
}

/** `METHOD /path/{}`: parameter names differ between the document and the router, positions do not. */
export const routeKey = (method: string, path: string) =>
  `${method} ${path.replace(/\{[^}]+\}|:[^/|]+(\|:[^/|]+)*/g, '{}')}`;

/**
 * Every method and path Fastify registered, hidden ones (schema.hide) included, read from
 * `printRoutes` (Fastify has no route list; its tree prints one node per line, four columns a level).
 * HEAD is left out: Fastify adds it to every GET and it answers as that GET does.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const prefixes: string[] = [];
  const keys: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (prefixes[depth - 1] ?? '') + (match[2] ?? '');
    prefixes[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean))
      if (method !== 'HEAD') keys.push(routeKey(method, path));
  }
  return keys;
}
