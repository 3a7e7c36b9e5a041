import { emptyTutorialState, type TutorialState } from '@speedway/contracts/tutorial-state';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { signInAs } from '@/testing/data';
import { holdReply, stubFetch } from '@/testing/fetch-stub';
import { TUTORIAL_STATUS_PATH, tutorialStatusKey } from './get-tutorial-status';
import { useUpdateTutorialStatus } from './update-tutorial-status';

const PUT = `PUT ${TUTORIAL_STATUS_PATH}`;

function serverState(change: (state: TutorialState) => void): TutorialState {
  const state = emptyTutorialState();
  change(state);
  return state;
}

describe('useUpdateTutorialStatus', () => {
  it("keeps a later update on screen when an earlier one's answer comes after it", async () => {
    const user = signInAs();
    const key = tutorialStatusKey(user.id);
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    queryClient.setQueryData(key, emptyTutorialState());
    const replies = [holdReply(), holdReply()];
    let call = 0;
    const network = stubFetch({ [PUT]: () => replies[call++]!.handler() });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useUpdateTutorialStatus(user.id), { wrapper });
    const shown = () => queryClient.getQueryData<TutorialState>(key)!;

    // The intro is skipped; then, before its answer, the home guide.
    act(() => result.current.mutate({ tutorial: { introCompleted: true } }));
    await waitFor(() => expect(network.callsTo(PUT)).toHaveLength(1));
    act(() => result.current.mutate({ tutorial: { pages: { home: { completed: true } } } }));
    await waitFor(() => expect(network.callsTo(PUT)).toHaveLength(2));
    expect(shown().pages.home.completed).toBe(true);

    // The intro's answer, from before the skip: the skip stays on screen.
    await act(async () => {
      replies[0]!.release({
        json: { tutorial: serverState((s) => (s.introCompleted = true)) },
      });
    });
    await waitFor(() => expect(queryClient.isMutating()).toBe(1));
    expect(shown().introCompleted).toBe(true);
    expect(shown().pages.home.completed).toBe(true);

    // The last answer is the server's state of both.
    const both = serverState((s) => {
      s.introCompleted = true;
      s.pages.home.completed = true;
      s.pages.home.step = 0;
    });
    await act(async () => {
      replies[1]!.release({ json: { tutorial: both } });
    });
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(shown()).toEqual(both);
  });
});
