/** What a route error looks like once normalised for display and download. */
export interface ErrorReport {
  message: string;
  status?: number;
  statusText?: string;
  stack?: string;
  details?: unknown;
}

function isRouteResponse(e: unknown): e is { status: number; statusText: string; data: unknown } {
  return (
    typeof e === 'object' &&
    e !== null &&
    'status' in e &&
    'statusText' in e &&
    'data' in e &&
    typeof (e as { status: unknown }).status === 'number'
  );
}

export function toErrorReport(error: unknown): ErrorReport {
  if (isRouteResponse(error)) {
    const data = error.data;
    const message =
      typeof data === 'string' && data.length > 0 ? data : error.statusText || `Error ${error.status}`;
    return {
      message,
      status: error.status,
      statusText: error.statusText,
      details: typeof data === 'string' ? undefined : data,
    };
  }
  if (error instanceof Error) {
    const extra = Object.fromEntries(Object.entries(error).filter(([k]) => k !== 'stack' && k !== 'message'));
    return {
      message: error.message || error.name,
      stack: error.stack,
      status: typeof extra.status === 'number' ? extra.status : undefined,
      details: Object.keys(extra).length > 0 ? extra : undefined,
    };
  }
  return { message: typeof error === 'string' ? error : 'Unknown error', details: error };
}

/** The downloadable log: timestamp, browser information and the error. */
export function buildErrorLog(
  report: ErrorReport,
  now: Date,
  nav: Pick<Navigator, 'userAgent' | 'language' | 'platform'>,
  url: string,
) {
  return {
    timestamp: now.toISOString(),
    browser: { userAgent: nav.userAgent, language: nav.language, platform: nav.platform, url },
    error: report,
  };
}
