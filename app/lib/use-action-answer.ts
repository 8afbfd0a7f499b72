/**
 * The one way the browser reacts to an action's answer (issue "Solid ground": one action answer,
 * one toast path). Every action answers `{ ok, toast?, result? }` (app/server/answers.server.ts);
 * this hook shows the answer's toast once, then calls `onSuccess` or `onFailure`. Successes that
 * must survive a revalidation that unmounts the component travel as flash toasts instead (the
 * root loader shows those) and carry no `toast` in the answer.
 */
import type { SubmissionResult } from '@conform-to/react';
import { useEffect, useRef } from 'react';
import { showToast, type Toast } from './toast';

/** The part of every action answer the browser reads. */
export interface Answer {
  ok: boolean;
  toast?: Toast | null;
}

/** Every action's answer: success, the toast to show, Conform's reply for the form's fields. */
export interface ActionAnswer extends Answer {
  result?: SubmissionResult<string[]>;
}

/** Where an answer comes from: a fetcher, or `{ state: navigation.state, data: actionData }`. */
export interface AnswerSource<T> {
  state: 'idle' | 'loading' | 'submitting';
  data: T | undefined;
}

export function useActionAnswer<T extends Answer>(
  source: AnswerSource<T>,
  handlers: { onSuccess?: (answer: T) => void; onFailure?: (answer: T) => void } = {},
): void {
  // An answer already there when the component mounts is not new (a reopened dialog).
  const handled = useRef<unknown>(source.data);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const { state, data } = source;
  useEffect(() => {
    if (state !== 'idle' || data === undefined || data === null || handled.current === data) return;
    handled.current = data;
    if (data.toast) showToast(data.toast);
    if (data.ok) latest.current.onSuccess?.(data);
    else latest.current.onFailure?.(data);
  }, [state, data]);
}
