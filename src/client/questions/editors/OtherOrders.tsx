import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { plainText } from '../../../common/questions/rich-text';
import { MAX_OTHER_ORDERS } from '../../../common/questions/types/reordering';
import { AddButton, ItemActions, ListError } from './parts';

interface OtherOrdersProps {
  items: { id: string; text: string }[];
  /** Each other accepted order: every item's id once. */
  orders: string[][];
  onChange: (orders: string[][]) => void;
  error: (path: (string | number)[]) => string | undefined;
}

/**
 * The other orders a reordering accepts (issue 41: "يقرأ أحمدُ قصةً" and "أحمدُ يقرأ قصةً" are one
 * sentence): each a list of the items the author arranges with the move buttons; a new one starts
 * as the correct order. Scoring takes whichever accepted order the answer comes closest to.
 */
export function OtherOrders({ items, orders, onChange, error }: OtherOrdersProps) {
  const translate = useTranslate();
  const textOf = new Map(
    items.map((item, index) => [
      item.id,
      plainText(item.text).trim() || translate('question_editor.reordering.item', { number: index + 1 }),
    ]),
  );
  const replace = (index: number, order: string[]) => onChange(orders.map((o, i) => (i === index ? order : o)));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="other-orders">
      <Typography variant="subtitle2" component="h3">
        {translate('question_editor.reordering.other_orders')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('question_editor.reordering.other_orders_help')}
      </Typography>
      {orders.map((order, orderIndex) => {
        const title = translate('question_editor.reordering.other_order', { number: orderIndex + 1 });
        return (
          <Paper
            key={`${orderIndex}:${order.join(' ')}`}
            variant="outlined"
            sx={{ p: 1.5 }}
            role="group"
            aria-label={title}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {title}
              </Typography>
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlineIcon fontSize="small" />}
                onClick={() => onChange(orders.filter((_, i) => i !== orderIndex))}
              >
                {translate('question_editor.reordering.remove_order', { number: orderIndex + 1 })}
              </Button>
            </Box>
            <ListError message={error(['also_accepted', orderIndex])} />
            <Box component="ol" sx={{ m: 0, pl: 3, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              {order.map((id, index) => (
                <Box component="li" key={id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography component="span" dir="auto" sx={{ flexGrow: 1 }}>
                    {textOf.get(id) ?? id}
                  </Typography>
                  <ItemActions
                    list={order}
                    index={index}
                    onChange={(next) => replace(orderIndex, next)}
                    name={`“${textOf.get(id) ?? id}” (${title})`}
                    itemId={`order-${orderIndex}-${id}`}
                    moveOnly
                  />
                </Box>
              ))}
            </Box>
          </Paper>
        );
      })}
      {orders.length < MAX_OTHER_ORDERS && (
        <AddButton
          label="question_editor.reordering.add_order"
          // It starts as the correct order with its first two items swapped (a sentence's verb and
          // subject), never as the correct order itself, which is accepted already.
          onClick={() => onChange([...orders, swapFirstTwo(items.map((item) => item.id))])}
        />
      )}
    </Box>
  );
}

const swapFirstTwo = (ids: string[]) => (ids.length < 2 ? ids : [ids[1], ids[0], ...ids.slice(2)]);

/** The other orders kept valid as the items change: a removed item leaves them, a new one joins at the end. */
export function followItems(orders: string[][], items: { id: string }[]): string[][] {
  const ids = items.map((item) => item.id);
  return orders.map((order) => [...order.filter((id) => ids.includes(id)), ...ids.filter((id) => !order.includes(id))]);
}
