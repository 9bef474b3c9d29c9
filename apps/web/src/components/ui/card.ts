import styles from './card.module.css';

/** The raised surface that questions, forms and list items sit on. */
export const cardClass = styles.card;
