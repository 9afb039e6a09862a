/**
 * The products page (`/products`, docs/decisions.md "/products"): what a property sells. Loaded with the back
 * office's strings (`adminPart.ts`).
 */
export const productsEn = {
  products_page: {
    heading: 'Products',
    intro: 'What this property sells: its gift card types and the gifts of its campaigns.',
    no_property: 'Choose a property to see its products.',
    types: {
      heading: 'Gift card types',
      table: 'Gift card types with stock and sales',
      pages: 'Pages of gift card types',
      empty: 'No gift card types yet.',
      columns: {
        title: 'Gift card type',
        status: 'Status',
        price: 'Price',
        stock: 'Stock',
        issued: 'Issued',
        redeemed: 'Redeemed',
        sales: 'Sales',
        stores: 'Stores',
      },
      stock_of: '{{stock}} of {{limit}}',
      no_store: 'No store',
    },
    options: {
      heading: 'Campaign gifts',
      table: 'Gift options of campaigns with picks',
      pages: 'Pages of campaign gifts',
      empty: 'No campaign gifts yet.',
      columns: {
        name: 'Gift',
        campaign: 'Campaign',
        status: 'Campaign status',
        type: 'Gift card type',
        expires: 'Valid until',
        picked: 'Picked',
      },
    },
    status: {
      created: 'Created',
      published: 'Published',
      archived: 'Archived',
      draft: 'Draft',
    },
  },
};
