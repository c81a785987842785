import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box's text, put in the address (`apply`) once typing pauses. `search`: what the
 * address has now.
 */
export function useSearchText(search: string, apply: (text: string) => void) {
  const [text, setText] = useState(search);
  const { pathname } = useLocation();
  useEffect(() => {
    if (text.trim() === search) return;
    const timer = window.setTimeout(() => {
      // Typed, then a click on "View Details" before the delay ran out: the address is already
      // the statement's while this screen is still shown (the next page loads in a transition).
      // The pending search belongs to the page that was left: drop it.
      if (window.location.pathname !== pathname) return;
      apply(text.trim());
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, search, pathname]);
  return [text, setText] as const;
}
