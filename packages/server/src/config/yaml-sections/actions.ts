import { z } from 'zod';
import { implemented } from './section.ts';

/** A domain an action's server may be at: `api.example.com` or `*.example.com` (a subdomain of it). */
const allowedDomain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$|^\d{1,3}(\.\d{1,3}){3}$/,
    'must be a host name, an IPv4 address or *.domain',
  );

/**
 * `actions`: `allowedDomains` limits the hosts agent actions may call; absent or empty, any host
 * the address guard lets through (public ones) may be called.
 */
export const actionsSection = implemented(
  z.strictObject({ allowedDomains: z.array(allowedDomain).max(1_000).optional() }),
);
