/** The one gift-card store of the supplier's first property, as `stores.list` answers it (the type form's stores). */
export const storeId = '5b2f0e0a-6f3e-4d1e-9c1a-2e7d4b8f0c11';
export const stores = {
  items: [
    {
      id: storeId,
      type: 'store' as const,
      name: 'Harbour gift card store',
      slugName: 'harbour',
      status: 'active' as const,
      allowPickupAtHotel: false,
      publicPath: '/harbour',
    },
  ],
  meta: { page: 1, limit: 10, total: 1 },
};
