/**
 * The id of our QuoteRequest for a member's quoting post (`<actor id>#quote_requests/<post id>`):
 * the Accept or Reject names it. A module of its own, importing nothing, so that the job list
 * (runtime/tasks.ts, through outbox/quotes.ts) loads no Fedify at start.
 */
export const quoteRequestFragment = 'quote_requests/';
