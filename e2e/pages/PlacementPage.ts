import type { Locator, Page } from '@playwright/test';

export type Leg = 'left' | 'right';

/** `/placement`: who waits to be placed, a dialog to choose a free position (a list or the tree), then a confirmation. */
export class PlacementPage {
  readonly page: Page;
  readonly waitingCount: Locator;
  readonly search: Locator;
  /** The dialog choosing a position, whoever it is for. */
  readonly chooser: Locator;
  readonly freeSlots: Locator;
  readonly teamSearch: Locator;
  readonly treeTab: Locator;
  readonly placeButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.waitingCount = page.getByTestId('waiting-count');
    this.search = page.getByLabel('Search username');
    this.chooser = page.getByRole('dialog', { name: /^Choose a position for / });
    this.freeSlots = this.chooser.getByTestId('free-slots').getByRole('listitem');
    this.teamSearch = this.chooser.getByLabel('Search a username in the team');
    this.treeTab = this.chooser.getByRole('tab', { name: 'Tree' });
    this.placeButton = page.getByRole('button', { name: 'Place', exact: true });
  }

  async goto() {
    await this.page.goto('/placement');
  }

  waiting(username: string): Locator {
    return this.page.getByTestId(`waiting-${username}`);
  }

  async openChooser(username: string) {
    await this.waiting(username).getByRole('button', { name: 'Choose a position' }).click();
  }

  chooserFor(username: string): Locator {
    return this.page.getByRole('dialog', { name: `Choose a position for ${username}` });
  }

  /** A free position of the chooser's list: the `side` under `parent`. */
  freeSlot(parent: string, side: Leg): Locator {
    return this.chooser.getByTestId(`free-slot-${parent}-${side}`);
  }

  async chooseFreeSlot(parent: string, side: Leg) {
    await this.freeSlot(parent, side).getByRole('button', { name: 'Place here' }).click();
  }

  /** Chooses a free position in the chooser's tree, named by its visible text. */
  async chooseInTree(parent: string, side: Leg) {
    await this.page.getByRole('button', { name: `Place here, free ${side} position under ${parent}` }).click();
  }

  /** The last step's dialog, which names who is placed where. */
  confirmationFor(username: string): Locator {
    return this.page.getByRole('dialog', { name: `Place ${username}?` });
  }
}
