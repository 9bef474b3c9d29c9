import { createContext, useContext } from 'react';

/** Opens the Ask a Question dialog, optionally prefilled (from the search box). */
export type OpenAskDialog = (prefill?: string) => void;

export const AskDialogContext = createContext<OpenAskDialog>(() => {});

export function useAskDialog(): OpenAskDialog {
  return useContext(AskDialogContext);
}
