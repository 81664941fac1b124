/** A seeded random number generator (mulberry32): the same demo on every machine. */
export type Random = () => number;

export function randomFrom(seed: number): Random {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `items` in a random order (Fisher–Yates), a new array. */
export function shuffle<T>(random: Random, items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const FIRST = [
  'Ava',
  'Ben',
  'Chloe',
  'Daniel',
  'Elena',
  'Farid',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemi',
  'Liam',
  'Maya',
  'Noah',
  'Olga',
  'Pedro',
  'Quynh',
  'Rosa',
  'Sami',
  'Tara',
  'Umar',
  'Vera',
  'Wei',
  'Yara',
  'Zane',
];
const LAST = [
  'Adams',
  'Bianchi',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ito',
  'Jansen',
  'Kowalski',
  'Lopez',
  'Moreau',
  'Nguyen',
  'Okafor',
  'Petrov',
  'Quinn',
  'Rossi',
  'Silva',
  'Tanaka',
  'Usman',
  'Varga',
  'Weber',
  'Yilmaz',
  'Zhou',
];

/** A readable full name for demo member `index`, the same for the same index. */
export function demoName(index: number): string {
  return `${FIRST[(index - 1) % FIRST.length]} ${LAST[Math.floor((index - 1) / FIRST.length + index * 7) % LAST.length]}`;
}
