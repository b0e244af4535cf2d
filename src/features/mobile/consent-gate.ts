/**
 * The app login's one question to the person (docs/decisions/019): the approve flow, which runs from
 * the route's loader, asks; the page, which mounts later, shows the question and passes the answer
 * back. A question asked before the page listens waits for it.
 */
export type ConsentAnswer = 'continue' | 'not-me';

export interface ConsentQuestion {
  /** Whose session would approve: the name the person must recognise as theirs. */
  name: string;
  answer: (choice: ConsentAnswer) => void;
}

export interface ConsentGate {
  /** Asks, and answers the person's choice. */
  ask: (name: string) => Promise<ConsentAnswer>;
  /** Calls `listener` with the question (now, if already asked); answers how to stop listening. */
  onQuestion: (listener: (question: ConsentQuestion) => void) => () => void;
}

export function createConsentGate(): ConsentGate {
  let asked: ConsentQuestion | null = null;
  let listener: ((question: ConsentQuestion) => void) | null = null;
  return {
    ask(name) {
      return new Promise<ConsentAnswer>((resolve) => {
        let answered = false;
        asked = {
          name,
          answer: (choice) => {
            // One answer: a second press (or a double click) changes nothing.
            if (answered) return;
            answered = true;
            resolve(choice);
          },
        };
        listener?.(asked);
      });
    },
    onQuestion(next) {
      listener = next;
      if (asked) next(asked);
      return () => {
        if (listener === next) listener = null;
      };
    },
  };
}
