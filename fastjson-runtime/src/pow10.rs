//! Powers of ten as `u64` (10^0 to 10^19), shared by the number lexer and the float writer.

/// `POW10_U64[n]` is 10^n: the lexer's digit-word steps and the float layout's digit counts.
pub(crate) const POW10_U64: [u64; 20] = {
    let mut powers = [1u64; 20];
    let mut n = 1;
    while n < 20 {
        powers[n] = powers[n - 1] * 10;
        n += 1;
    }
    powers
};

#[cfg(test)]
mod tests {
    use super::POW10_U64;

    #[test]
    fn every_entry_is_its_power_of_ten_up_to_the_largest_in_u64() {
        for (n, &power) in POW10_U64.iter().enumerate() {
            assert_eq!(power, 10u64.pow(n as u32));
        }
        assert!(POW10_U64[19].checked_mul(10).is_none());
    }
}
