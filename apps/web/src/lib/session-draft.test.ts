import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSessionDraft, useSessionMirror } from './session-draft';

describe('useSessionDraft', () => {
  it('keeps the state in session storage, so a page opened again (a reload) starts from it', () => {
    const first = renderHook(() => useSessionDraft('draft-test', { name: '' }));
    act(() => first.result.current[1]({ name: 'Barn' }));
    first.unmount();

    const again = renderHook(() => useSessionDraft('draft-test', { name: '' }));
    expect(again.result.current[0]).toEqual({ name: 'Barn' });
  });

  it('forgets the draft on clear and starts from the initial state', () => {
    const { result, unmount } = renderHook(() => useSessionDraft('draft-test', { name: '' }));
    act(() => result.current[1]({ name: 'Barn' }));
    act(() => result.current[2]());
    expect(result.current[0]).toEqual({ name: '' });
    unmount();
    expect(renderHook(() => useSessionDraft('draft-test', { name: '' })).result.current[0]).toEqual(
      { name: '' },
    );
  });

  it('forgets the draft on forget and leaves the state as it is, for a page being left (issue #24)', () => {
    const { result, unmount } = renderHook(() => useSessionDraft('draft-test', { name: '' }));
    act(() => result.current[1]({ name: 'Barn' }));
    act(() => result.current[3]());
    expect(result.current[0]).toEqual({ name: 'Barn' });
    unmount();
    expect(renderHook(() => useSessionDraft('draft-test', { name: '' })).result.current[0]).toEqual(
      { name: '' },
    );
  });

  it('starts from the initial state when the stored draft cannot be read', () => {
    sessionStorage.setItem('draft-test', '{not json');
    const { result } = renderHook(() => useSessionDraft('draft-test', { name: '' }));
    expect(result.current[0]).toEqual({ name: '' });
  });
});

describe('useSessionMirror', () => {
  it('keeps entries held elsewhere and hands them back on the next mount, once; clear forgets them', () => {
    const restored: string[] = [];
    const first = renderHook(({ name }) => useSessionMirror('mirror-test', { name }, () => {}), {
      initialProps: { name: '' },
    });
    first.rerender({ name: 'Barn' });
    first.unmount();

    const again = renderHook(() =>
      useSessionMirror('mirror-test', { name: '' }, (saved) => restored.push(saved.name)),
    );
    expect(restored).toEqual(['Barn']);
    again.result.current.clear();
    again.unmount();
    renderHook(() =>
      useSessionMirror('mirror-test', { name: '' }, (saved) => restored.push(saved.name)),
    );
    expect(restored).toEqual(['Barn']);
  });
});
