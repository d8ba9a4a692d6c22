import { clsx } from 'clsx';
import { readWebSearchStep, webSearchStepIndex, type WebSearchStep } from '@parley/schema';
import { Check, Globe } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/dialog';
import { ProxiedPicture } from '../markdown';
import { toolCallState, type ToolCall } from './tool-call-state';
import ToolCallView from './tool-call-view';
import { SiteTile } from './site-tile';
import { hostOf, parseWebSearchOutput, type WebSource } from './web-search-result';

/** The spec's cap on a running search's progress: it reaches 1 only when the result is in. */
const PROGRESS_CAP = 0.99;

type Tab = 'all' | 'news' | 'images';

const SEARCHING: WebSearchStep = { step: 'searching' };

/**
 * A `web_search` call in an answer: while it runs, its steps so far (those finished ticked, so a
 * step that passed quickly is still seen) and the running one's progress; once
 * done, its sources under the tabs All, News and Images (a tab only when it has entries). Waiting
 * for credentials, failed or cancelled calls show as every tool call does.
 */
export default function WebSearchView({
  call,
  submitting,
  again = false,
}: {
  call: ToolCall;
  submitting: boolean;
  /** An earlier search of the same answer came first: this one is the model searching again. */
  again?: boolean;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('all');
  const state = toolCallState(call, submitting);
  const result = state === 'done' ? parseWebSearchOutput(call.output) : null;
  // The step the server last reported: searching, reading the pages found, reranking them.
  const step = readWebSearchStep(call.progress_message) ?? SEARCHING;
  // Reading may pass between two renders; the count is kept once seen, for its finished line.
  const readCount = useRef<number | null>(null);
  if (step.step === 'reading') readCount.current = step.sources;
  if (state === 'running') {
    const progress = Math.min(PROGRESS_CAP, call.progress ?? 0.1);
    return (
      <div
        className="my-2 flex items-start gap-2 text-sm text-fg-subtle"
        data-testid="web-search-progress"
        data-step={step.step}
        role="status"
      >
        <Globe className="mt-0.5 size-4 shrink-0 animate-pulse" aria-hidden />
        <ol className="min-w-0 space-y-0.5">
          {stepLabels(t, step, queryOf(call.args), again, readCount.current).map((label, i, all) => {
            const done = i < all.length - 1;
            return (
              <li
                key={i}
                className="flex items-center gap-1.5"
                data-testid="web-search-step"
                data-done={done || undefined}
              >
                {done ? (
                  <Check className="size-3.5 shrink-0 text-accent" aria-hidden />
                ) : (
                  <span className="size-3.5 shrink-0" aria-hidden />
                )}
                <span className={clsx('min-w-0 truncate', !done && 'animate-pulse text-fg')}>{label}</span>
                {!done && (
                  <span
                    className="ms-1 h-1 w-16 shrink-0 overflow-hidden rounded-full bg-surface-muted"
                    aria-hidden
                  >
                    <span
                      className="block h-full bg-accent"
                      style={{ width: `${Math.round(progress * 100)}%` }}
                    />
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </div>
    );
  }
  if (!result) return <ToolCallView call={call} submitting={submitting} />;
  const tabs: Tab[] = [
    'all',
    ...(result.topStories.length ? (['news'] as const) : []),
    ...(result.images.length ? (['images'] as const) : []),
  ];
  return (
    <section
      className="my-2 rounded-xl border border-border p-2 text-sm"
      data-testid="web-search-sources"
      aria-label={t('com_ui_web_search_sources')}
    >
      <div className="mb-2 flex items-center gap-1" role="tablist">
        <Globe className="me-1 size-4 text-fg-subtle" aria-hidden />
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => setTab(name)}
            data-testid={`web-search-tab-${name}`}
            className={clsx(
              'rounded-full px-2.5 py-1 text-xs',
              tab === name ? 'bg-accent/15 text-accent' : 'text-fg-subtle hover:bg-surface-muted',
            )}
          >
            {t(`com_ui_web_search_tab_${name}`)}
          </button>
        ))}
      </div>
      {result.sources.length === 0 && tab === 'all' && (
        <p className="px-1 text-fg-subtle">{t('com_ui_web_search_none')}</p>
      )}
      {tab !== 'images' ? (
        <SourceRow sources={tab === 'all' ? result.sources : result.topStories} numbered={tab === 'all'} />
      ) : (
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
          {result.images.map((image, i) => (
            <a
              key={`${image.imageUrl}-${i}`}
              href={image.link}
              target="_blank"
              rel="noopener noreferrer nofollow"
              title={image.title}
            >
              <ProxiedPicture
                url={image.imageUrl}
                alt={image.title}
                className="block aspect-video w-full rounded-lg bg-surface-muted object-cover"
              />
            </a>
          ))}
        </div>
      )}
    </section>
  );
}

/** Sources shown above the answer; the rest are behind "More sources", as the spec lays them out. */
export const SOURCES_SHOWN = 3;

/**
 * The first three sources in one row of compact cards, then a tile that opens every source in a
 * dialog of four columns: a long list of cards filled a phone's first screen before the answer.
 */
function SourceRow({ sources, numbered }: { sources: WebSource[]; numbered: boolean }) {
  const { t } = useTranslation();
  const [allOpen, setAllOpen] = useState(false);
  const rest = sources.length - SOURCES_SHOWN;
  return (
    <>
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {sources.slice(0, SOURCES_SHOWN).map((source, i) => (
          <SourceCard key={`${source.link}-${i}`} source={source} numbered={numbered} compact />
        ))}
        {rest > 0 && (
          <li className="min-w-0">
            <button
              type="button"
              onClick={() => setAllOpen(true)}
              data-testid="web-search-more"
              className="flex h-full w-full items-center justify-center rounded-lg bg-surface-muted/60 p-2 text-xs font-medium text-fg-muted hover:bg-surface-muted hover:text-fg"
            >
              {t('com_ui_web_search_more_sources', { count: rest })}
            </button>
          </li>
        )}
      </ol>
      {allOpen && (
        <Dialog
          open
          onOpenChange={setAllOpen}
          title={t('com_ui_web_search_sources')}
          closeLabel={t('com_ui_close')}
          className="max-w-4xl"
          testId="web-search-all-sources"
        >
          <ol className="grid max-h-[70vh] grid-cols-1 gap-2 overflow-y-auto px-6 pb-5 sm:grid-cols-4">
            {sources.map((source, i) => (
              <SourceCard key={`${source.link}-${i}`} source={source} numbered={numbered} />
            ))}
          </ol>
        </Dialog>
      )}
    </>
  );
}

function SourceCard({
  source,
  numbered,
  compact = false,
}: {
  source: WebSource;
  numbered: boolean;
  /** Above the answer: the site and a one-line title (two from a tablet up), no snippet. */
  compact?: boolean;
}) {
  return (
    <li className="min-w-0 rounded-lg bg-surface-muted/60 p-2" data-testid="web-search-source">
      <a
        href={source.link}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="block hover:underline"
      >
        <span className="flex items-center gap-1 text-xs text-fg-subtle">
          {numbered && <span className="rounded bg-surface px-1 font-medium">{source.citation}</span>}
          <SiteTile link={source.link} />
          <span className="truncate">{source.source || hostOf(source.link)}</span>
          {source.date && <span className="shrink-0">· {source.date}</span>}
        </span>
        <span
          className={clsx('font-medium', compact ? 'line-clamp-1 text-xs sm:line-clamp-2' : 'line-clamp-2')}
        >
          {source.title}
        </span>
      </a>
      {source.snippet && !compact && (
        <p className="mt-1 line-clamp-2 text-xs text-fg-subtle">{source.snippet}</p>
      )}
    </li>
  );
}

function queryOf(args: unknown): string {
  if (typeof args !== 'string') return '';
  try {
    const parsed = JSON.parse(args) as { query?: unknown };
    return typeof parsed.query === 'string' ? parsed.query : '';
  } catch {
    return '';
  }
}

/**
 * One line per step up to the current one, in order: the steps before it are finished (every
 * search reads its pages before it reranks them), the last one is running.
 */
function stepLabels(
  t: TFunction,
  current: WebSearchStep,
  query: string,
  again: boolean,
  readCount: number | null,
): string[] {
  const running = (step: WebSearchStep['step']) => step === current.step;
  const labels: string[] = [];
  for (let i = 0; i <= webSearchStepIndex(current); i += 1) {
    if (i === 0) {
      if (!running('searching'))
        labels.push(t(again ? 'com_ui_web_search_searched_again' : 'com_ui_web_search_searched'));
      else if (again)
        labels.push(
          query
            ? t('com_ui_web_search_searching_again_for', { query })
            : t('com_ui_web_search_searching_again'),
        );
      else
        labels.push(
          query ? t('com_ui_web_search_searching_for', { query }) : t('com_ui_web_search_searching'),
        );
    } else if (i === 1) {
      if (current.step === 'reading') labels.push(t('com_ui_web_search_reading', { count: current.sources }));
      else
        labels.push(
          readCount === null
            ? t('com_ui_web_search_read_done')
            : t('com_ui_web_search_read', { count: readCount }),
        );
    } else labels.push(t('com_ui_web_search_reranking'));
  }
  return labels;
}
