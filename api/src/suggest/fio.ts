/** Offline name suggestions: surnames, first names and patronymics with gender (DaData's fio shape). */
import { FIO_PARTS, type DadataFio, type DadataGender, type DadataSuggestion, type FioPart, type SuggestFioRequest } from '@oyster/shared-kit/domain';
import type { NameRow, PatronymicRow, SurnameRow } from './data.js';
import { Quality, TokenDictionary, fold } from './text.js';

interface Entry {
  text: string;
  gender: DadataGender;
  /** Lower is more frequent. */
  rank: number;
}

class PartIndex {
  readonly entries: Entry[] = [];
  private readonly dict = new TokenDictionary();
  private readonly exact = new Map<string, number[]>();

  add(text: string, gender: DadataGender, rank: number) {
    const key = fold(text);
    const same = this.exact.get(key);
    // One spelling, two genders (a surname that does not change): keep one entry of unknown gender.
    if (same) {
      const e = this.entries[same[0]];
      if (e.gender !== gender) e.gender = 'UNKNOWN';
      return;
    }
    const id = this.entries.length;
    this.entries.push({ text, gender, rank });
    this.exact.set(key, [id]);
    this.dict.add(key, id);
  }

  /** Entries starting with the word (or within one typo), exact first, then by frequency. */
  search(word: string, gender: DadataGender | null): { entry: Entry; quality: Quality }[] {
    const out: { entry: Entry; quality: Quality }[] = [];
    for (const [id, quality] of this.dict.match(word)) {
      const entry = this.entries[id];
      if (gender && gender !== 'UNKNOWN' && entry.gender !== 'UNKNOWN' && entry.gender !== gender) continue;
      out.push({ entry, quality });
    }
    return out.sort((a, b) => b.quality - a.quality || a.entry.rank - b.entry.rank);
  }

  /** The entry spelled exactly so (a word we do not know is kept as typed: Пупкин is a surname too). */
  resolve(word: string): Entry | null {
    const ids = this.exact.get(word);
    return ids ? this.entries[ids[0]] : null;
  }
}

export interface FioIndex {
  suggest(req: SuggestFioRequest): DadataSuggestion<DadataFio>[];
  size: Record<'names' | 'patronymics' | 'surnames', number>;
}

const FIELD: Record<FioPart, 'surname' | 'name' | 'patronymic'> = { SURNAME: 'surname', NAME: 'name', PATRONYMIC: 'patronymic' };

/** 'анна-мария' → 'Анна-Мария' for words we do not know. */
function capitalise(word: string): string {
  return word.replace(/(^|-)([а-яёa-z])/g, (_: string, d: string, c: string) => d + c.toUpperCase());
}

export function buildFioIndex(names: NameRow[], patronymics: PatronymicRow[], surnames: SurnameRow[]): FioIndex {
  const parts: Record<FioPart, PartIndex> = { SURNAME: new PartIndex(), NAME: new PartIndex(), PATRONYMIC: new PartIndex() };
  names.forEach((n, i) => parts.NAME.add(n.text, n.gender, i));
  patronymics.forEach((p, i) => {
    parts.PATRONYMIC.add(p.male, 'MALE', i * 2);
    parts.PATRONYMIC.add(p.female, 'FEMALE', i * 2 + 1);
  });
  surnames.forEach((s, i) => {
    parts.SURNAME.add(s.male, s.male === s.female ? 'UNKNOWN' : 'MALE', i * 2);
    if (s.female !== s.male) parts.SURNAME.add(s.female, 'FEMALE', i * 2 + 1);
  });

  function suggest(req: SuggestFioRequest): DadataSuggestion<DadataFio>[] {
    const count = req.count ?? 10;
    const typed = req.query.replace(/[^А-Яа-яЁёA-Za-z-]+/g, ' ').trim().split(' ').filter((w) => w.replace(/-/g, ''));
    const words = typed.map(fold);
    if (!words.length) return [];
    // §7: without parts the name is read as «Фамилия Имя Отчество»; one word is a surname.
    const wanted = req.parts?.length ? FIO_PARTS.filter((p) => req.parts!.includes(p)) : [...FIO_PARTS];
    if (words.length > wanted.length) return [];
    const given: DadataGender | null = req.gender && req.gender !== 'UNKNOWN' ? (req.gender as DadataGender) : null;

    // Every word but the last is taken as typed.
    const fixed: { part: FioPart; text: string; gender: DadataGender }[] = [];
    let gender: DadataGender | null = given;
    for (let i = 0; i < words.length - 1; i++) {
      const part = wanted[i];
      const known = parts[part].resolve(words[i]);
      const g = known?.gender ?? 'UNKNOWN';
      if (gender && g !== 'UNKNOWN' && g !== gender) return [];
      if (!gender && g !== 'UNKNOWN') gender = g;
      fixed.push({ part, text: known?.text ?? capitalise(typed[i].toLowerCase()), gender: g });
    }

    const lastPart = wanted[words.length - 1];
    const out: DadataSuggestion<DadataFio>[] = [];
    // A single word with several parts asked for: look in each of them, in the order of FIO_PARTS.
    const lookIn: FioPart[] = words.length === 1 && wanted.length > 1 && req.parts?.length ? wanted : [lastPart];
    const hits = lookIn
      .flatMap((part) => parts[part].search(words[words.length - 1], gender).map((h) => ({ ...h, part })))
      .sort((a, b) => b.quality - a.quality || a.entry.rank - b.entry.rank);
    for (const { entry, part } of hits) {
      if (out.length >= count) break;
      const chosen = [...fixed, { part, text: entry.text, gender: entry.gender }];
      const data: DadataFio = { surname: null, name: null, patronymic: null, gender: 'UNKNOWN', qc: '0', source: null };
      for (const c of chosen) data[FIELD[c.part]] = c.text;
      data.gender = chosen.map((c) => c.gender).find((g) => g !== 'UNKNOWN') ?? gender ?? 'UNKNOWN';
      const value = chosen.map((c) => c.text).join(' ');
      if (out.some((o) => o.value === value)) continue;
      out.push({ value, unrestricted_value: value, data });
    }
    return out;
  }

  return {
    suggest,
    size: { names: parts.NAME.entries.length, patronymics: parts.PATRONYMIC.entries.length, surnames: parts.SURNAME.entries.length },
  };
}
