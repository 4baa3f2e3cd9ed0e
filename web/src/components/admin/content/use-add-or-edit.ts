import { CONTENT_MESSAGES } from '@portal/common';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { showSuccessNotice } from '@/components/notices';
import type { ApiResult } from '@/lib/api-client';
import { useStaffRefusal } from '../staff-session';

type Saved<Entry> = ApiResult<{ data: Entry; message: string }>;

interface AddOrEdit<Input, Patch, Entry> {
  add: (input: Input) => Promise<Saved<Entry>>;
  /** Set when the dialog edits an entry: what differs from the stored entry, and the call that sends only that. */
  edit:
    | {
        changes: (input: Input) => Patch;
        send: (patch: Patch) => Promise<Saved<Entry>>;
      }
    | undefined;
  /** The saved entry, to put in the screen's list. */
  onSaved: (entry: Entry) => void;
  onClose: () => void;
}

/**
 * An add-or-edit dialog's save: an edit that changes nothing is refused in the dialog without a call, a refusal
 * from the server shows in the dialog (`problem`), and a success is noticed and closes it.
 */
export function useAddOrEdit<Input, Patch extends object, Entry>({
  add,
  edit,
  onSaved,
  onClose,
}: AddOrEdit<Input, Patch, Entry>) {
  const refuse = useStaffRefusal();
  const [problem, setProblem] = useState<string>();
  const save = useMutation({
    mutationFn: async (input: Input) => {
      setProblem(undefined);
      let result: Saved<Entry>;
      if (edit) {
        const patch = edit.changes(input);
        if (Object.keys(patch).length === 0) return setProblem(CONTENT_MESSAGES.nothingToChange);
        result = await edit.send(patch);
      } else {
        result = await add(input);
      }
      if (result.status === 'error') return refuse(result, setProblem);
      onSaved(result.data.data);
      showSuccessNotice(result.data.message);
      onClose();
    },
  });
  return { save, problem };
}
