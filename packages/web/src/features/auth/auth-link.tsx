import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigateBrowser } from '../../lib/browser-location';

type AuthLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** Whether a click asks the browser for something else than following the link here (new tab, download…). */
function opensElsewhere(e: MouseEvent<HTMLAnchorElement>): boolean {
  return e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;
}

/**
 * A link between the signed-out pages: a real <a href> (middle-click, copy address), followed in
 * place with the browser-location store instead of a page load.
 */
export function AuthLink({ to, onClick, ...rest }: AuthLinkProps) {
  return (
    <a
      {...rest}
      href={to}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || opensElsewhere(e) || rest.target) return;
        e.preventDefault();
        navigateBrowser(to);
      }}
    />
  );
}
