import { HoverCard } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { SiteTile } from './site-tile';
import { hostOf, type WebSource } from './web-search-result';

/** Pointer rest before the pop-up opens, and before it closes once the pointer left. */
const OPEN_DELAY_MS = 250;
const CLOSE_DELAY_MS = 150;

/**
 * A `[n]` citation of a web source: a link to the page that, hovered or focused with the keyboard,
 * shows a pop-up with the page's title, site (as a letter tile), date and snippet.
 */
export default function WebCitation({ source }: { source: WebSource }) {
  const { t } = useTranslation();
  const site = source.source || hostOf(source.link);
  return (
    <HoverCard.Root openDelay={OPEN_DELAY_MS} closeDelay={CLOSE_DELAY_MS}>
      <HoverCard.Trigger asChild>
        <a
          href={source.link}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="mx-px rounded px-0.5 align-super text-[0.7em] font-medium text-accent no-underline hover:bg-accent/15 focus-visible:bg-accent/15"
          aria-label={t('com_ui_web_citation_label', { number: source.citation, title: source.title, site })}
          data-testid="web-citation"
        >
          [{source.citation}]
        </a>
      </HoverCard.Trigger>
      <HoverCard.Portal>
        <HoverCard.Content
          side="top"
          sideOffset={6}
          collisionPadding={8}
          className="animate-fade-in z-50 w-[300px] max-w-[calc(100vw-16px)] rounded-xl border border-border bg-surface-raised p-3 text-fg shadow-xl shadow-black/10"
          data-testid="web-citation-popup"
        >
          <div className="flex items-center gap-2 text-xs text-fg-subtle">
            <SiteTile link={source.link} />
            <span className="truncate" data-testid="web-citation-site">
              {site}
            </span>
            {source.date && <span className="shrink-0">· {source.date}</span>}
          </div>
          <a
            href={source.link}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="mt-1 line-clamp-2 text-sm font-medium hover:underline"
            data-testid="web-citation-title"
          >
            {source.title}
          </a>
          {source.snippet && (
            <p
              className="mt-1 line-clamp-4 text-xs leading-relaxed text-fg-subtle"
              data-testid="web-citation-snippet"
            >
              {source.snippet}
            </p>
          )}
        </HoverCard.Content>
      </HoverCard.Portal>
    </HoverCard.Root>
  );
}
