/**
 * Replies that may arrive out of order: each request is numbered as it is made, and a reply is shown
 * only when no newer request's reply has been shown already, so a slower reply to an older request
 * never replaces what a newer one showed. One per thing read (a list, a card's history).
 */
export type ReplyOrder = {
  /** Numbers a new request; its reply asks the returned ticket what it may do. */
  next(): Reply;
  /** Whether any reply has been shown yet. */
  anyShown(): boolean;
};

type Reply = {
  /** A newer request's reply is on screen already: this one has nothing to say, not even a failure. */
  stale(): boolean;
  /** Takes the screen for this reply: false (and nothing changes) when it is stale. */
  show(): boolean;
  /** No request was made after this one. */
  latest(): boolean;
};

export function replyOrder(): ReplyOrder {
  let last = 0;
  let shown = 0;
  return {
    next() {
      const request = ++last;
      const stale = () => request < shown;
      return {
        stale,
        show() {
          if (stale()) return false;
          shown = request;
          return true;
        },
        latest: () => request === last,
      };
    },
    anyShown: () => shown > 0,
  };
}
