import { useNotify, useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../schemas/vocabulary';
import { clearPlatformCache } from '../platforms';
import { labelKeys } from './screen-config';

export type NotifyAction =
  'fetch_error' | 'created' | 'create_error' | 'updated' | 'update_error' | 'deleted' | 'delete_error';

/** Statuses whose server message is the clearest thing to show: a record in use (409), a business rule (418). */
const SERVER_WORDED = new Set([409, 418]);

function serverMessage(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const { status, message } = error as { status?: number; message?: string };
  return status !== undefined && SERVER_WORDED.has(status) && message ? message : null;
}

/**
 * English templates start with the noun ("%{item} created successfully") and the nouns are
 * stored lower case for use mid-sentence, so the sentence gets its capital here. Arabic has
 * no letter case, so this changes nothing there.
 */
const sentenceCase = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * The toasts of SPEC section 8 for one resource, built from one template per action and the
 * resource's nouns: "Skill created successfully", "Error fetching skills", ...
 */
export function useResourceNotify(definition: ResourceDefinition) {
  const notify = useNotify();
  const translate = useTranslate();
  const keys = labelKeys(definition.name);
  const nouns = { item: translate(keys.item), items: translate(keys.items) };

  const say = (action: NotifyAction) => {
    const message = sentenceCase(translate(`settings.notifications.${action}`, nouns));
    notify(message, { type: action.endsWith('error') ? 'error' : 'success', messageArgs: { _: message } });
  };
  const fail = (action: NotifyAction) => (error?: unknown) => {
    const worded = serverMessage(error);
    if (worded) notify(worded, { type: 'error', messageArgs: { _: worded } });
    else say(action);
  };
  const succeed = (action: NotifyAction) => () => {
    // The platform selector caches the platform list; a change to platforms makes it stale.
    if (definition.name === 'platforms') clearPlatformCache();
    say(action);
  };

  return {
    fetchError: fail('fetch_error'),
    created: succeed('created'),
    createError: fail('create_error'),
    updated: succeed('updated'),
    updateError: fail('update_error'),
    deleted: succeed('deleted'),
    deleteError: fail('delete_error'),
  };
}
