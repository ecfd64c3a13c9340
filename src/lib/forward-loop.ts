import { Children, type CSSProperties } from "react";
import type { CarouselProps } from "react-responsive-carousel";

type AnimationHandler = Extract<CarouselProps["animationHandler"], (...args: never[]) => unknown>;

/**
 * The carousel's sliding animation, made to loop forward. Left to itself,
 * react-responsive-carousel goes from the last slide to the first by sliding
 * the whole strip back past every slide between. With its loop on it keeps a
 * copy of the first slide after the last one, and of the last before the
 * first: this slides on to the copy, and the slideshow then selects the slide
 * itself again, which, with no transition, swaps the copy for it unseen.
 *
 * `reversed`: the slides stand in the strip in reverse order (right-to-left
 * pages), so going forward is going down the strip, and the loop runs from
 * its first item to its last, by way of the copy before the first.
 *
 * Written for the slideshow's settings (horizontal, one slide per view, loop
 * on); it replaces the carousel's own slide animation, which its package does
 * not export, while its swipe handlers stay the carousel's.
 */
export function forwardLoopAnimation(reversed: boolean): AnimationHandler {
  return (props, state) => {
    const last = Children.count(props.children) - 1;
    const [from, to, copy] = reversed ? [0, last, -1] : [last, 0, last + 1];
    const looping = !state.swiping && last >= 1 && state.previousItem === from && state.selectedItem === to;
    const place = looping ? copy : state.selectedItem;
    // The copy of the last slide stands first in the strip, so each place is one slide further in.
    const itemListStyle: CSSProperties = { transform: `translate3d(${-(place + 1) * 100}%,0,0)` };
    if (!state.swiping) {
      // Selecting the slide already shown swaps the copy for it: that must not be seen moving.
      const settling = state.previousItem === state.selectedItem;
      itemListStyle.transitionDuration = settling ? "0ms" : `${props.transitionTime}ms`;
    }
    return { itemListStyle };
  };
}
