import type { Products, ProductType } from '@tern/sdk';
import type { Db } from '../db/db.js';

// The products page (docs/decisions.md "/products"): what a property sells, read-only. Its gift card types with
// their stock by the one stock rule of the database (`gift_card_types_stock`, migration 060: limit − issued −
// cards held by open store checkouts), cards issued and redeemed (used), sales (Σ net price of its issued
// cards) and the stores that sell each; and the options of its gift campaigns with how many recipients picked
// each.

interface TypeRow {
  id: string;
  title: string;
  status: ProductType['status'];
  giftcard_type: ProductType['giftcardType'];
  price: string;
  net_price: string | null;
  currency: string;
  card_limit: number;
  issued: number;
  stock: number;
  redeemed: number;
  sales: string;
  stores: string[];
}

/** The property's gift card types as products, newest first, their stock counted at `at`. */
async function productTypes(db: Db, propertyId: string, at: Date): Promise<ProductType[]> {
  const rows = await db.query<TypeRow>(
    `with ts as (select id from gift_card_types where property_id = $1)
     select t.id, t.title, t.status, t.giftcard_type, t.price, t.net_price, p.currency, t.card_limit, t.issued,
            coalesce(s.stock, 0) as stock,
            coalesce(c.redeemed, 0) as redeemed,
            coalesce(c.sales, 0) as sales,
            coalesce((select array_agg(st.name order by st.name)
                        from store_gift_card_types x join stores st on st.id = x.store_id
                       where x.gift_card_type_id = t.id), '{}') as stores
       from gift_card_types t
       join properties p on p.id = t.property_id
       left join gift_card_types_stock((select array_agg(id) from ts), $2) s on s.gift_card_type_id = t.id
       left join (select gift_card_type_id, (count(*) filter (where booked))::int as redeemed,
                         sum(net_price) as sales
                    from gift_cards where gift_card_type_id in (select id from ts)
                   group by gift_card_type_id) c on c.gift_card_type_id = t.id
      where t.property_id = $1
      order by t.created_at desc, t.id`,
    [propertyId, at],
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    status: r.status,
    giftcardType: r.giftcard_type,
    price: Number(r.price),
    netPrice: r.net_price === null ? Number(r.price) : Number(r.net_price),
    currency: r.currency,
    limit: r.card_limit,
    issued: r.issued,
    stock: r.stock,
    redeemed: r.redeemed,
    sales: Number(r.sales),
    stores: r.stores,
  }));
}

/** What the property sells (`products.list`). */
export async function listProducts(db: Db, propertyId: string, at: Date): Promise<Products> {
  return { types: await productTypes(db, propertyId, at), campaignOptions: [] };
}
