/**
 * jsdom has no layout: gives the DataTable's scroller (`data-datatable-scroller`) a height of
 * 3000 px, so its virtualiser renders rows; every other element keeps a height of 0. Call it
 * once in a test file's `beforeAll`.
 */
export function giveDataTablesHeight(): void {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.datatableScroller !== undefined ? 3000 : 0;
    },
  });
}
