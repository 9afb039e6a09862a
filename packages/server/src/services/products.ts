import type { CampaignStatus, Products, ProductType } from '@tern/sdk';
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

interface OptionRow {
  campaign_id: string;
  campaign_name: string;
  campaign_status: CampaignStatus;
  option_id: string;
  name: string;
  gift_card_type_title: string;
  expiration_date: string;
  picked: number;
}

/** The options of the property's campaigns (migration 062), newest campaign first, each with its picks. */
async function campaignOptions(db: Db, propertyId: string): Promise<Products['campaignOptions']> {
  const rows = await db.query<OptionRow>(
    `select c.id as campaign_id, c.name as campaign_name, c.status as campaign_status, o.id as option_id, o.name,
            t.title as gift_card_type_title, to_char(o.expiration_date, 'YYYY-MM-DD') as expiration_date,
            (select count(*) from gift_campaign_recipients r where r.option_id = o.id)::int as picked
       from gift_campaigns c
       join gift_campaign_options o on o.campaign_id = c.id
       join gift_card_types t on t.id = o.gift_card_type_id
      where c.property_id = $1
      order by c.created_at desc, c.id, o.position, o.created_at, o.id`,
    [propertyId],
  );
  return rows.map((r) => ({
    campaignId: r.campaign_id,
    campaignName: r.campaign_name,
    campaignStatus: r.campaign_status,
    optionId: r.option_id,
    name: r.name,
    giftCardTypeTitle: r.gift_card_type_title,
    expirationDate: r.expiration_date,
    picked: r.picked,
  }));
}

/** What the property sells (`products.list`): its types and its campaigns' options. */
export async function listProducts(db: Db, propertyId: string, at: Date): Promise<Products> {
  return {
    types: await productTypes(db, propertyId, at),
    campaignOptions: await campaignOptions(db, propertyId),
  };
}
