import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * Every route the app registered, read from Fastify's own route tree
 * (`printRoutes({commonPrefix: false})`), so routes added later are covered without a list to
 * maintain. Each tree line is `<indent>├── <segment> (<METHODS>)`, 4 characters per level, and
 * a child's segment continues its parent's path.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method) routes.push({ method, url: path });
    }
  }
  return routes;
}
