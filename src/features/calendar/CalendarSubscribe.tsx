/**
 * "Subscribe on your phone": the team feed's secret address (https:// to paste, webcal:// to tap), a copy
 * button, how to subscribe in Google Calendar and Apple Calendar, and "New address", which ends the old
 * address at once, once the person has said so (every subscribed phone is cut off; nothing brings it back).
 * The address is shown only just after it is made (the database keeps its hash alone).
 */
import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/Button";
import { AskBefore } from "./AskBefore";
import { calendarSubscribe } from "./calendar.subscribe.store";
import { asksBeforeNewAddress, madeAtText, SUBSCRIBE_WORDS } from "./calendar.subscribe";

export function CalendarSubscribe() {
  const subscribe = calendarSubscribe();
  const state = useStore(subscribe.$subscribe);
  const [copied, setCopied] = useState(false);
  // "New address" asked about ending the current one: the question stands in its place until answered.
  // Its answer that keeps the address has the focus; once answered, the focus is back on New address.
  const [asking, setAsking] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);
  useEffect(() => {
    if (!asking && answered.current) newButton.current?.focus();
    answered.current = asking;
  }, [asking]);
  const makeNew = () => {
    setAsking(false);
    setCopied(false);
    void subscribe.newAddress();
  };
  // Read when the section opens (after each sign-in); the page locking unmounts it.
  useEffect(() => void subscribe.open(), [subscribe]);
  const { addresses } = state;
  return (
    <section aria-labelledby="subscribe-heading" className="space-y-3">
      <h2 id="subscribe-heading" className="font-serif text-2xl font-semibold">
        {SUBSCRIBE_WORDS.heading}
      </h2>
      <p className="max-w-prose text-stone-700">{SUBSCRIBE_WORDS.intro}</p>
      {addresses ? (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <input
              id="subscribe-address"
              readOnly
              aria-label="Calendar address (https)"
              aria-describedby="subscribe-shown-once"
              value={addresses.https}
              className="min-h-11 w-full max-w-xl rounded border border-stone-300 bg-white px-2 font-mono text-sm"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button
              variant="secondary"
              size="sm"
              className="min-h-11"
              onClick={async () => {
                try {
                  await navigator.clipboard.writeText(addresses.https);
                  setCopied(true);
                } catch {
                  // No clipboard for this page: the address is selected, to copy by hand.
                  document.querySelector<HTMLInputElement>("#subscribe-address")?.select();
                }
              }}
            >
              {copied ? SUBSCRIBE_WORDS.copied : SUBSCRIBE_WORDS.copy}
            </Button>
          </div>
          <p id="subscribe-shown-once" className="max-w-prose text-sm font-semibold text-stone-800">
            {SUBSCRIBE_WORDS.shownOnce}
          </p>
          <p>
            <a href={addresses.webcal} className="break-all font-mono text-sm underline">
              {addresses.webcal}
            </a>
          </p>
        </div>
      ) : (
        <p className="max-w-prose text-stone-700">{madeAtText(state)}</p>
      )}
      <ul className="max-w-prose list-disc space-y-1 pl-5 text-sm text-stone-700">
        <li>{SUBSCRIBE_WORDS.google}</li>
        <li>{SUBSCRIBE_WORDS.apple}</li>
      </ul>
      {asking ? (
        <AskBefore
          question={SUBSCRIBE_WORDS.endQuestion}
          yes={SUBSCRIBE_WORDS.endConfirm}
          keep={SUBSCRIBE_WORDS.endKeep}
          busy={false}
          onYes={makeNew}
          onKeep={() => setAsking(false)}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            ref={newButton}
            variant="secondary"
            size="sm"
            className="min-h-11"
            aria-disabled={state.making || undefined}
            onClick={() => {
              if (state.making) return;
              if (asksBeforeNewAddress(state)) setAsking(true);
              else {
                setCopied(false);
                void subscribe.newAddress().then((madeOne) => madeOne || setAsking(true));
              }
            }}
          >
            {SUBSCRIBE_WORDS.newAddress}
          </Button>
        </div>
      )}
      {/* Outside the question: what happened to the last New address is said while the question is asked too. */}
      <p role="status" className="min-h-5 max-w-prose text-sm text-stone-700">
        {state.making
          ? SUBSCRIBE_WORDS.making
          : state.failed === "make"
            ? SUBSCRIBE_WORDS.failed
            : state.changed
              ? SUBSCRIBE_WORDS.changedMeanwhile
              : ""}
      </p>
    </section>
  );
}
