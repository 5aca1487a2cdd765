import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserLists } from '@servicedesk/api/global/get-user-lists';
import { useUpdateUserNumber } from '@servicedesk/api/global/update-user-number';
import { toast } from '@servicedesk/ui/Toast';

/** The prompt and its masked phone field (imask) are downloaded only when it opens (issue #19 bundle budgets). */
const PhonePrompt = lazy(() => import('@servicedesk/ui/PhonePrompt').then((m) => ({ default: m.PhonePrompt })));

/** sessionStorage key: set once the prompt has been shown in this browser session. */
export const PHONE_PROMPT_SHOWN_KEY = 'sd.phonePromptShown';

function shownThisSession(): boolean {
  try {
    return sessionStorage.getItem(PHONE_PROMPT_SHOWN_KEY) === '1';
  } catch {
    return false;
  }
}

function markShown(): void {
  try {
    sessionStorage.setItem(PHONE_PROMPT_SHOWN_KEY, '1');
  } catch {
    // Storage unavailable: the prompt may show again on the next load; nothing else breaks.
  }
}

/**
 * The WhatsApp phone prompt of the home layout (SPEC §2 "Phone prompt"; rule in the README):
 * shown when getUserLists says hasWpNumber is false, at most once per browser session
 * (sessionStorage `sd.phonePromptShown`), and never after a save (hasWpNumber turns true).
 * Saving goes through the profile page's hook and toasts wpNumberUpdated top-centre (SPEC §7).
 */
export function PhonePromptGate() {
  const { t } = useTranslation();
  const lists = useUserLists();
  const [open, setOpen] = useState(false);
  const [decided, setDecided] = useState(false);
  const [opened, setOpened] = useState(false);
  const update = useUpdateUserNumber({
    onSuccess: () => {
      setOpen(false);
      toast.show({ title: t('wpNumberUpdated'), variant: 'success', placement: 'top-center' });
    },
  });

  if (!decided && lists.data) {
    setDecided(true);
    if (!lists.data.hasWpNumber && !shownThisSession()) {
      markShown();
      setOpen(true);
      setOpened(true);
    }
  }

  // Nothing to download until the prompt has opened once.
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <PhonePrompt
        isOpen={open}
        onOpenChange={setOpen}
        onSave={(number) => update.mutate({ number })}
        isSaving={update.isPending}
        labels={{
          title: t('enterYourNumberToGetWpNotification'),
          phone: t('chat.phoneLabel'),
          invalid: t('chat.phoneInvalid'),
          save: t('chat.save'),
          close: t('chat.close'),
        }}
      />
    </Suspense>
  );
}
