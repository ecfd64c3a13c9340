import * as React from "react";
import { EvenLines } from "./even-lines";
import { ServiceCard } from "./service-card";
import * as styles from "./service-list.module.css";

interface ServiceListProps {
  services: readonly Queries.ServiceCardFragment[];
  /** The words of each card's "check availability" link. */
  availabilityLabel: string;
}

export function ServiceList({ services, availabilityLabel }: ServiceListProps) {
  return (
    <EvenLines count={services.length} most={{ base: 1, sm: 2, lg: 3 }} gap="space-5" parts={4} className={styles.list}>
      {services.map((service) => (
        <li key={service.title}>
          <ServiceCard service={service} availabilityLabel={availabilityLabel} />
        </li>
      ))}
    </EvenLines>
  );
}
