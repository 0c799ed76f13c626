// The panel's generated tests: nothing counts until accepted, edits and drops keep the rest, and
// a suspect flag stays with the accepted test it was about (an edited test is no longer it).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accept,
  acceptedTests,
  addProposals,
  cancelEdit,
  drop,
  generatedState,
  proposedTests,
  saveEdit,
  setSuspect,
  startEdit,
  suspectOf,
} from '../../../src/ui/task/generated-state.ts';
import { loadTaskDraft, saveTaskDraft } from '../../../src/ui/task/task-draft.ts';
import { EXAMPLES } from '../../../src/shared/examples.ts';

const RIGHT = 'assert f(2) == 4';
const WRONG = 'assert f(2) == 5';

describe('generated tests in the panel', () => {
  it('counts a proposal only once it is accepted', () => {
    const s = generatedState([], [RIGHT, WRONG]);
    expect(acceptedTests(s)).toEqual([]);
    accept(s, s.items[1]!.id);
    expect(acceptedTests(s)).toEqual([WRONG]);
    expect(proposedTests(s)).toEqual([RIGHT]);
    addProposals(s, ['assert f(0) == 0']);
    expect(proposedTests(s)).toEqual([RIGHT, 'assert f(0) == 0']);
  });

  it('edits keep the test until saved, refuse an empty one, and drop removes only that test', () => {
    const s = generatedState([RIGHT], [WRONG]);
    const [a, b] = s.items;
    startEdit(s, b!.id);
    b!.editing = 'assert f(2) == 4  # fixed';
    expect(proposedTests(s)).toEqual([WRONG]);
    expect(saveEdit(s, b!.id)).toBe(true);
    expect(proposedTests(s)).toEqual(['assert f(2) == 4  # fixed']);
    startEdit(s, a!.id);
    a!.editing = '   ';
    expect(saveEdit(s, a!.id)).toBe(false);
    expect(a!.editing).toBe('   ');
    cancelEdit(s, a!.id);
    expect(acceptedTests(s)).toEqual([RIGHT]);
    drop(s, a!.id);
    expect(acceptedTests(s)).toEqual([]);
    expect(proposedTests(s)).toEqual(['assert f(2) == 4  # fixed']);
  });

  it('shows a suspect flag on the accepted test it names, and not once that test is edited', () => {
    const s = generatedState([RIGHT, WRONG], ['assert f(9) == 9']);
    setSuspect(s, [
      { source: 'assert  f(2) == 5', outputs: ['4'] },
      { source: 'assert g(1) == 1', outputs: ['2'] },
    ]);
    expect(s.suspect).toHaveLength(1);
    const wrong = s.items[1]!;
    expect(suspectOf(s, wrong)).toEqual({ source: 'assert  f(2) == 5', outputs: ['4'] });
    expect(suspectOf(s, s.items[0]!)).toBeUndefined();
    startEdit(s, wrong.id);
    wrong.editing = 'assert f(2) == 4';
    saveEdit(s, wrong.id);
    expect(suspectOf(s, wrong)).toBeUndefined();
  });
});

describe('the task draft', () => {
  afterEach(() => vi.unstubAllGlobals());

  function memoryStorage(): Storage {
    const m = new Map<string, string>();
    return {
      getItem: (k) => m.get(k) ?? null,
      setItem: (k, v) => void m.set(k, v),
      removeItem: (k) => void m.delete(k),
      clear: () => m.clear(),
      key: () => null,
      get length() {
        return m.size;
      },
    };
  }

  it('keeps the task with its generated mark, the waiting proposals and the suspect flags', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const task = { ...EXAMPLES[0]!, generatedTests: [RIGHT] };
    saveTaskDraft({ task, proposals: [WRONG], suspect: [{ source: RIGHT, outputs: ['3'] }] });
    expect(loadTaskDraft()).toEqual({ task, proposals: [WRONG], suspect: [{ source: RIGHT, outputs: ['3'] }] });
  });

  it('gives no draft for text that is not one, or when storage is blocked', () => {
    const store = memoryStorage();
    vi.stubGlobal('localStorage', store);
    store.setItem('fixpoint.task-draft', '{"task": {"id": 1}}');
    expect(loadTaskDraft()).toBeUndefined();
    store.setItem('fixpoint.task-draft', 'not json');
    expect(loadTaskDraft()).toBeUndefined();
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    });
    expect(loadTaskDraft()).toBeUndefined();
    expect(() => saveTaskDraft({ task: EXAMPLES[0]!, proposals: [], suspect: [] })).not.toThrow();
  });
});
