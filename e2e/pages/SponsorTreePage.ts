import type { Locator, Page } from '@playwright/test';

const MEMBERS_FOUND = 'Members found';

/** `/sponsor-tree`: who brought whom, with a search whose suggestions list the members found. */
export class SponsorTreePage {
  readonly page: Page;
  readonly search: Locator;
  readonly membersFound: Locator;

  constructor(page: Page) {
    this.page = page;
    this.search = page.getByTestId('sponsor-search');
    this.membersFound = page.getByRole('list', { name: MEMBERS_FOUND });
  }

  async goto() {
    await this.page.goto('/sponsor-tree');
  }

  node(username: string): Locator {
    return this.page.getByTestId(`sponsor-node-${username}`);
  }

  /** A suggestion of the search. */
  found(username: string): Locator {
    return this.membersFound.getByRole('button', { name: new RegExp(username) });
  }

  /** Whether what is drawn at a suggestion's centre belongs to the list of suggestions (not to a card or page below it). */
  async drawnOnTop(suggestion: Locator): Promise<boolean> {
    const box = (await suggestion.boundingBox())!;
    return this.page.evaluate(
      ({ x, y, list }) => document.elementFromPoint(x, y)?.closest(`[aria-label="${list}"]`) !== null,
      { x: box.x + box.width / 2, y: box.y + box.height / 2, list: MEMBERS_FOUND },
    );
  }
}
