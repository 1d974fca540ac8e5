//! The in-memory order store: bounded, shared between handlers, free of HTTP.

use std::collections::BTreeMap;
use std::sync::{Arc, PoisonError, RwLock};

use crate::clock::{system_clock, Clock};
use crate::model::{LineItem, ListQuery, NewOrder, Order, OrderPage, OrderPatch};

/// How many orders a store made with [`Store::new`] holds before refusing new ones.
pub const DEFAULT_MAX_ORDERS: usize = 10_000;
/// The page size of `GET /orders` when the query gives no `limit`.
pub const DEFAULT_PAGE: usize = 20;
/// The largest page `GET /orders` returns, whatever `limit` asks for.
pub const MAX_PAGE: usize = 100;

/// Why a store operation did nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    NotFound(u64),
    /// The store holds `max` orders already.
    Full {
        max: usize,
    },
}

/// The orders, behind one lock; cloning shares them.
#[derive(Clone)]
pub struct Store {
    inner: Arc<RwLock<Inner>>,
    clock: Clock,
    max_orders: usize,
}

struct Inner {
    orders: BTreeMap<u64, Order>,
    next_id: u64,
}

impl Store {
    /// An empty store of at most [`DEFAULT_MAX_ORDERS`] orders on the wall clock.
    pub fn new() -> Self {
        Self::with_limits(DEFAULT_MAX_ORDERS, system_clock())
    }

    /// An empty store of at most `max_orders` orders, timestamped by `clock`.
    pub fn with_limits(max_orders: usize, clock: Clock) -> Self {
        Self {
            inner: Arc::new(RwLock::new(Inner {
                orders: BTreeMap::new(),
                next_id: 1,
            })),
            clock,
            max_orders,
        }
    }

    /// Stores `new` under the next id and returns the stored order.
    pub fn create(&self, new: NewOrder) -> Result<Order, StoreError> {
        let created_at = (self.clock)();
        let mut inner = self.write();
        if inner.orders.len() >= self.max_orders {
            return Err(StoreError::Full {
                max: self.max_orders,
            });
        }
        let id = inner.next_id;
        inner.next_id += 1;
        let order = from_new(id, created_at, None, new);
        inner.orders.insert(id, order.clone());
        Ok(order)
    }

    pub fn get(&self, id: u64) -> Result<Order, StoreError> {
        self.read()
            .orders
            .get(&id)
            .cloned()
            .ok_or(StoreError::NotFound(id))
    }

    /// The orders matching `query`'s filters, in id order, paged by its `offset` and `limit`.
    pub fn list(&self, query: &ListQuery) -> OrderPage {
        let offset = query.offset.unwrap_or(0);
        let limit = query.limit.unwrap_or(DEFAULT_PAGE).min(MAX_PAGE);
        let inner = self.read();
        let matching = inner.orders.values().filter(|order| {
            query.status.is_none_or(|status| order.status == status)
                && query
                    .customer
                    .is_none_or(|customer| order.customer_id == customer)
        });
        let mut total = 0;
        let mut orders = Vec::new();
        for order in matching {
            if total >= offset && orders.len() < limit {
                orders.push(order.clone());
            }
            total += 1;
        }
        OrderPage {
            total,
            offset,
            limit,
            orders,
        }
    }

    /// Replaces order `id` with `new`, keeping its id and creation time.
    pub fn replace(&self, id: u64, new: NewOrder) -> Result<Order, StoreError> {
        let now = (self.clock)();
        let mut inner = self.write();
        let slot = inner.orders.get_mut(&id).ok_or(StoreError::NotFound(id))?;
        *slot = from_new(id, slot.created_at.clone(), Some(now), new);
        Ok(slot.clone())
    }

    /// Applies `patch` to order `id` and stamps `updated_at`; an empty patch only stamps it.
    pub fn patch(&self, id: u64, patch: OrderPatch) -> Result<Order, StoreError> {
        let now = (self.clock)();
        let mut inner = self.write();
        let order = inner.orders.get_mut(&id).ok_or(StoreError::NotFound(id))?;
        if let Some(status) = patch.status {
            order.status = status;
        }
        if let Some(items) = patch.items {
            let totals = Totals::of(&items);
            order.items = items;
            (order.subtotal, order.tax, order.total) = (totals.subtotal, totals.tax, totals.total);
        }
        if let Some(shipping) = patch.shipping {
            order.shipping = shipping;
        }
        if let Some(gift) = patch.gift {
            order.gift = gift;
        }
        if let Some(tags) = patch.tags {
            order.tags = tags;
        }
        if let Some(metadata) = patch.metadata {
            order.metadata = metadata;
        }
        order.updated_at = Some(now);
        Ok(order.clone())
    }

    pub fn delete(&self, id: u64) -> Result<(), StoreError> {
        self.write()
            .orders
            .remove(&id)
            .map(drop)
            .ok_or(StoreError::NotFound(id))
    }

    // No code holding the lock can panic (plain map operations and clones), so a poisoned lock
    // still guards consistent data: carry on with it rather than fail every later request.
    fn read(&self) -> std::sync::RwLockReadGuard<'_, Inner> {
        self.inner.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, Inner> {
        self.inner.write().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Default for Store {
    fn default() -> Self {
        Self::new()
    }
}

fn from_new(id: u64, created_at: String, updated_at: Option<String>, new: NewOrder) -> Order {
    let totals = Totals::of(&new.items);
    Order {
        id,
        customer_id: new.customer_id,
        status: new.status,
        created_at,
        updated_at,
        currency: new.currency,
        items: new.items,
        subtotal: totals.subtotal,
        tax: totals.tax,
        total: totals.total,
        shipping: new.shipping,
        gift: new.gift,
        tags: new.tags,
        metadata: new.metadata,
    }
}

/// An order's amounts, each rounded to cents once, so a client sees `59.97`, not the binary
/// float sum `59.970000000000006`.
struct Totals {
    subtotal: f64,
    tax: f64,
    total: f64,
}

impl Totals {
    fn of(items: &[LineItem]) -> Self {
        let (mut subtotal, mut tax) = (0.0, 0.0);
        for item in items {
            let net = f64::from(item.quantity) * item.unit_price - item.discount.unwrap_or(0.0);
            subtotal += net;
            tax += net * item.tax_rate;
        }
        let (subtotal, tax) = (cents(subtotal), cents(tax));
        Self {
            subtotal,
            tax,
            total: cents(subtotal + tax),
        }
    }
}

fn cents(amount: f64) -> f64 {
    (amount * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::fixed_clock;
    use crate::model::{Address, Metadata, OrderStatus};

    fn item(quantity: u32, unit_price: f64, discount: Option<f64>) -> LineItem {
        LineItem {
            sku: "S".into(),
            name: "N".into(),
            quantity,
            unit_price,
            discount,
            tax_rate: 0.2,
            weight_grams: 1,
        }
    }

    fn new_order(customer_id: u64, status: OrderStatus, items: Vec<LineItem>) -> NewOrder {
        NewOrder {
            customer_id,
            status,
            currency: "EUR".into(),
            items,
            shipping: Address {
                name: "A".into(),
                line1: "1".into(),
                line2: None,
                city: "C".into(),
                region: "R".into(),
                postal_code: "P".into(),
                country: "GB".into(),
            },
            gift: false,
            tags: Vec::new(),
            metadata: Metadata::new(),
        }
    }

    #[test]
    fn totals_are_rounded_to_cents_once() {
        // 3 × 19.99 is 59.970000000000006 in binary floating point.
        let totals = Totals::of(&[item(3, 19.99, None), item(1, 0.1, Some(0.05))]);
        assert_eq!(
            (totals.subtotal, totals.tax, totals.total),
            (60.02, 12.0, 72.02)
        );
    }

    #[test]
    fn list_filters_then_pages_and_caps_the_limit() {
        let store = Store::with_limits(1000, fixed_clock("t"));
        for i in 0..150 {
            let status = if i % 3 == 0 {
                OrderStatus::Paid
            } else {
                OrderStatus::Pending
            };
            store.create(new_order(i % 2, status, vec![])).unwrap();
        }
        let page = store.list(&ListQuery {
            status: Some(OrderStatus::Paid),
            customer: Some(0),
            limit: Some(5),
            offset: Some(2),
        });
        // Paid orders are ids 1, 4, 7, ...; customer 0 of those are the odd ids: 1, 7, 13, ...
        assert_eq!(page.total, 25);
        let ids: Vec<u64> = page.orders.iter().map(|o| o.id).collect();
        assert_eq!(ids, [13, 19, 25, 31, 37]);
        let capped = store.list(&ListQuery {
            limit: Some(usize::MAX),
            ..ListQuery::default()
        });
        assert_eq!(
            (capped.limit, capped.orders.len(), capped.total),
            (MAX_PAGE, MAX_PAGE, 150)
        );
        let default = store.list(&ListQuery::default());
        assert_eq!(default.orders.len(), DEFAULT_PAGE);
    }

    #[test]
    fn capacity_counts_stored_orders_not_ids() {
        let store = Store::with_limits(1, fixed_clock("t"));
        let first = store
            .create(new_order(1, OrderStatus::Paid, vec![]))
            .unwrap();
        let full = store.create(new_order(1, OrderStatus::Paid, vec![]));
        assert_eq!(full, Err(StoreError::Full { max: 1 }));
        store.delete(first.id).unwrap();
        assert_eq!(
            store
                .create(new_order(1, OrderStatus::Paid, vec![]))
                .unwrap()
                .id,
            2
        );
    }

    #[test]
    fn patch_changes_only_what_it_names_and_recomputes_totals() {
        let store = Store::with_limits(10, fixed_clock("later"));
        let order = store
            .create(new_order(
                1,
                OrderStatus::Pending,
                vec![item(1, 10.0, None)],
            ))
            .unwrap();
        let touched = store.patch(order.id, OrderPatch::default()).unwrap();
        assert_eq!(touched.updated_at.as_deref(), Some("later"));
        assert_eq!(
            Order {
                updated_at: None,
                ..touched
            },
            order
        );
        let patch = OrderPatch {
            items: Some(vec![item(2, 10.0, None)]),
            ..OrderPatch::default()
        };
        let patched = store.patch(order.id, patch).unwrap();
        assert_eq!(
            (patched.subtotal, patched.tax, patched.total),
            (20.0, 4.0, 24.0)
        );
        assert_eq!(patched.status, OrderStatus::Pending);
        assert_eq!(
            store.patch(99, OrderPatch::default()),
            Err(StoreError::NotFound(99))
        );
    }
}
