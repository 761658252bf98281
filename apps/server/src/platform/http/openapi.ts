import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Who may call an operation, as the OpenAPI document declares it (issue #22): the scopes and the
 * device protocol mark their routes (`config.access`); anything else is public, a session
 * optional. The authorization matrix compares each declaration with how the call behaves.
 */
export type Access = 'public' | 'session' | 'staff' | 'device' | 'signed-link';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyContextConfig {
    /** Who may call the route; unset is public (`Access`). */
    access?: Exclude<Access, 'public'>;
  }
}

/** Each kind of access as OpenAPI security requirements (one of them must be met). */
export const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [{}, { session: [] }],
  session: [{ session: [] }],
  staff: [{ staffSession: [] }],
  device: [{ deviceBasic: [] }],
  'signed-link': [{ signedLink: [] }],
};

const SECURITY_SCHEMES = {
  session: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A signed-in session: the AccessToken of sign-in, in `Authorization: Bearer` (the spec’s clients may send `?access_token=`).',
  },
  staffSession: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A staff member’s own session. A session acting as a customer (impersonation) has the customer’s powers only and is refused (decision 050).',
  },
  deviceBasic: {
    type: 'http',
    scheme: 'basic',
    description: 'A unit’s IMEI and device key (docs/device-protocol.md).',
  },
  signedLink: {
    type: 'apiKey',
    in: 'query',
    name: 'signature',
    description:
      'A five-minute link a checked call handed out: the link is the permission (decision 031).',
  },
} as const;

const ERROR = {
  type: 'object' as const,
  required: ['error'],
  properties: {
    error: {
      type: 'object' as const,
      required: ['code', 'message'],
      properties: {
        code: { type: 'integer' as const, description: 'The HTTP status again.' },
        message: { type: 'string' as const, description: 'What went wrong, in words to show.' },
      },
      additionalProperties: true,
    },
  },
};

/** `get /api/users/{Id}` → `getApiUsersById`: stable, unique per method and path. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const name = part.replace(/\.php$/, 'Php').replace(/[^A-Za-z0-9:]/g, '');
      const word = name.startsWith(':') ? `By${name.slice(1)}` : name;
      return word.charAt(0).toUpperCase() + word.slice(1);
    });
  return method.toLowerCase() + words.join('');
}

type Operation = { responses?: Record<string, unknown> };

/**
 * The swagger options that make the served document say who may call each operation, name it
 * (`operationId`) and give its errors in the one shape (4XX, 5XX).
 */
export function openApiOptions(publicUrl: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: { title: 'Monitoring API', version: '1.0.0' },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: SECURITY_SCHEMES,
        schemas: { Error: ERROR },
      },
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      const method = Array.isArray(input.route.method)
        ? input.route.method[0]!
        : input.route.method;
      const access: Access = input.route.config?.access ?? 'public';
      return {
        schema: { ...schema, operationId: operationIdOf(method, url), security: SECURITY[access] },
        url,
      };
    },
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      const error = {
        description: 'Refused, in the one error shape',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
      for (const path of Object.values(openapiObject.paths ?? {}))
        for (const operation of Object.values(path ?? {}) as Operation[])
          if (operation && typeof operation === 'object' && operation.responses)
            operation.responses = { ...operation.responses, '4XX': error, '5XX': error };
      return openapiObject;
    },
  };
}
